// ESLint (flat config): typescript-eslint, React, React hooks and jsx-a11y, the set the Remix
// templates use. `npm run lint` must report nothing (warnings fail it too).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout rule (docs/architecture.md): components never reach data or a .server module;
// pure modules never reach .server ones; only the doors (app/lib/directory/index.server.ts for
// the reads, stores.server.ts for the writes) and the scheduled jobs reach an adapter, and the
// two adapters never reach each other.
const SERVER_ONLY = {
  group: ["**/*.server", "**/*.server.*"],
  message: "A .server module runs on the server only: import it from a route, a loader or another .server module.",
};
const ADAPTERS = {
  group: ["**/directory/d1/**", "**/directory/supabase/**", "./d1/**", "./supabase/**"],
  message: "Only the doors (app/lib/directory/index.server.ts, stores.server.ts) and the jobs reach an adapter.",
};
const NOT_D1 = { group: ["**/directory/d1/**", "**/d1/**"], message: "The adapters never reach each other." };
const NOT_SUPABASE = {
  group: ["**/directory/supabase/**", "**/supabase/**"],
  message: "The adapters never reach each other.",
};
const HOURS_AT_RUN_TIME = {
  group: ["**/hours/hours"],
  allowTypeImports: true,
  message: "Components get the open state and today's lines from the loader; import only types from hours.ts.",
};
const restricted = (...patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
});

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
    files: ["app/**/*.server.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: restricted(ADAPTERS),
  },
  {
    files: ["app/lib/directory/index.server.ts", "app/lib/directory/stores.server.ts", "app/lib/jobs/**/*.ts"],
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
