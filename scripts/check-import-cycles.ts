// No import circle between the files of app/, server.ts and load-context.ts, counting the
// imports of types only too (`npm run check:cycles`, part of `npm test`). The linter's
// import-x/no-cycle leaves those out, as they leave no circle at run time; a circle of types
// still ties two files' meanings together, so that neither can be read first
// (docs/decisions/0028-rooms-in-layers.md). Prints each circle found and exits 1 if there is one.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const files = execFileSync("git", ["ls-files", "-z", "app", "server.ts", "load-context.ts"], { encoding: "utf8" })
  .split("\0")
  .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && existsSync(file));
const known = new Set(files);

/** The file an import names, by the rules the app's imports use (relative, or `~/` for app/). */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (known.has(candidate)) return candidate;
  return null;
}

/** Every module a file imports or re-exports, by `import`, `export … from` or `import()`. */
function importsOf(file: string): string[] {
  const tree = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return specifiers.map((specifier) => resolve(file, specifier)).filter((target): target is string => target !== null);
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: each of more than one file is a circle.
let counter = 0;
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const circles: string[][] = [];
function connect(file: string) {
  index.set(file, counter);
  low.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!index.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
  }
  if (low.get(file) === index.get(file)) {
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  }
}
for (const file of files) if (!index.has(file)) connect(file);

if (circles.length > 0) {
  for (const circle of circles) console.error(`import circle: ${circle.join(", ")}`);
  console.error(`\n${circles.length} import circle(s), types included (scripts/check-import-cycles.ts).`);
  process.exit(1);
}
console.log(`Import circles: none among ${files.length} files, types included.`);
