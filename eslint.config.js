// ESLint (flat config): typescript-eslint, React, React hooks and jsx-a11y, the set the Remix
// templates use. `npm run lint` must report nothing (warnings fail it too).
import path from "node:path";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout rule (docs/architecture.md): components never reach data or a .server module;
// pure modules never reach .server ones; only the doors (app/lib/directory/index.server.ts for
// the reads, stores.server.ts for the writes) and the scheduled jobs' .server files reach an
// adapter, and the two adapters never reach each other. Each pattern holds for `import()` too
// (`dynamic`: the module names a dynamic import may not match).
const SERVER_ONLY = {
  group: ["**/*.server", "**/*.server.*"],
  dynamic: String.raw`\.server(\.[a-z]+)?$`,
  message: "A .server module runs on the server only: import it from a route, a loader or another .server module.",
};
const ADAPTERS = {
  group: ["**/directory/d1/**", "**/directory/supabase/**", "./d1/**", "./supabase/**"],
  dynamic: String.raw`(directory\x2F(d1|supabase)\x2F|^\.\x2F(d1|supabase)\x2F)`,
  message: "Only the doors (app/lib/directory/index.server.ts, stores.server.ts) and the jobs reach an adapter.",
};
const NOT_D1 = {
  group: ["**/directory/d1/**", "**/d1/**"],
  dynamic: String.raw`(^|\x2F)d1\x2F`,
  message: "The adapters never reach each other.",
};
const NOT_SUPABASE = {
  group: ["**/directory/supabase/**", "**/supabase/**"],
  dynamic: String.raw`(^|\x2F)supabase\x2F`,
  message: "The adapters never reach each other.",
};
const HOURS_AT_RUN_TIME = {
  group: ["**/hours/hours"],
  dynamic: String.raw`\x2Fhours\x2Fhours$`,
  allowTypeImports: true,
  message: "Components get the open state and today's lines from the loader; import only types from hours.ts.",
};
const restricted = (...patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: patterns.map(({ dynamic: _dynamic, ...pattern }) => pattern) },
  ],
  "no-restricted-syntax": [
    "error",
    ...patterns.map(({ dynamic, message }) => ({
      selector: `ImportExpression > Literal[value=/${dynamic}/]`,
      message,
    })),
  ],
});

// The folders of app/lib in layers, lowest first: a folder imports only from the layers below
// its own, so no two folders import each other (docs/architecture.md, "The rooms").
const LAYERS = [
  ["world"],
  ["places", "web", "hours"],
  ["search"],
  ["trust"],
  ["directory"],
  ["seo", "hints", "submissions", "jobs"],
  ["saved"],
  ["map"],
  ["landing"],
];
const folderZones = LAYERS.flatMap((layer, index) =>
  layer.map((folder) => ({
    target: `./app/lib/${folder}`,
    from: LAYERS.slice(index)
      .flat()
      .filter((other) => other !== folder)
      .map((other) => `./app/lib/${other}`),
    message: `app/lib/${folder}/ imports only from the layers below it (${LAYERS.slice(0, index).flat().join(", ") || "none"}).`,
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".wrangler/",
      "bench/.data/",
      "test-results/",
      "playwright-report/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import circle between files (type-only imports aside, which leave no circle at run
    // time), and the layers of app/lib's folders.
    files: ["app/**/*.{ts,tsx}", "server.ts", "load-context.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs"],
          alias: { "~": [path.resolve(import.meta.dirname, "app")] },
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: folderZones }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node, ...globals.serviceworker },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      react: { version: "detect" },
      formComponents: ["Form"],
      linkComponents: [{ name: "Link", linkAttribute: "to" }],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restricted(SERVER_ONLY, ADAPTERS),
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restricted(SERVER_ONLY, ADAPTERS, HOURS_AT_RUN_TIME),
  },
  {
    // Server-only code: routes, .server modules, and the Worker with its load context (never
    // bundled for the browser).
    files: [
      "app/**/*.server.{ts,tsx}",
      "app/routes/**/*.{ts,tsx}",
      "app/root.tsx",
      "app/entry.server.tsx",
      "server.ts",
      "load-context.ts",
    ],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restricted(ADAPTERS),
  },
  {
    files: ["app/lib/directory/index.server.ts", "app/lib/directory/stores.server.ts", "app/lib/jobs/**/*.server.ts"],
    rules: restricted(),
  },
  {
    files: ["app/lib/directory/d1/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: restricted(SERVER_ONLY, NOT_SUPABASE),
  },
  { files: ["app/lib/directory/d1/**/*.server.ts"], rules: restricted(NOT_SUPABASE) },
  {
    files: ["app/lib/directory/supabase/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: restricted(SERVER_ONLY, NOT_D1),
  },
  { files: ["app/lib/directory/supabase/**/*.server.ts"], rules: restricted(NOT_D1) },
);
