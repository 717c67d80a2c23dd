// The app's own TypeScript (bench/lib/app-modules.ts lists what the benchmark uses), loaded
// through tsx's API (a declared devDependency), with the repository's tsconfig.json so that
// the app's `~/` imports resolve as they do in the build.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { ROOT } from "./util.mjs";

let loaded;

export async function loadAppSql() {
  loaded ??= tsImport(pathToFileURL(join(ROOT, "bench", "lib", "app-modules.ts")).href, {
    parentURL: import.meta.url,
    tsconfig: join(ROOT, "tsconfig.json"),
  });
  return loaded;
}
