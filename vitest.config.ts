// Vitest runs without the Remix and Cloudflare plugins: with cloudflareDevProxyVitePlugin
// loaded, every run hangs at exit. Integration tests reach a real local D1 through a small
// Worker in Miniflare (tests/support/d1.ts; docs/decisions/0026-tests-reach-d1-asynchronously.md).
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.{ts,tsx}",
      "tests/fixtures/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    environment: "node",
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/yield-between-tests.ts"],
    testTimeout: 30_000,
    // Set-ups load the full place data into D1 or PGlite: slow on a busy 2-core machine.
    hookTimeout: 180_000,
  },
});
