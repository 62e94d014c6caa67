import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import typescript from "typescript";
import tseslint from "typescript-eslint";
import { importBoundaries } from "./eslint-rules/import-boundaries.js";

const root = path.dirname(fileURLToPath(import.meta.url));

/** tsconfig `paths` such as `"~/*": ["./app/*"]` become `{ "~/": "app" }`: the top-level folder an alias lands in. */
function aliasFolders() {
  const { config } = typescript.readConfigFile(path.join(root, "tsconfig.json"), typescript.sys.readFile);
  const paths = config?.compilerOptions?.paths ?? {};
  return Object.fromEntries(
    Object.entries(paths).map(([alias, [target]]) => [
      alias.replace(/\*$/, ""),
      path.relative(root, path.resolve(root, target)).split(/[\\/]/)[0],
    ]),
  );
}

const aliases = aliasFolders();
const boundary = (options) => ({ "project/import-boundaries": ["error", { root, aliases, ...options }] });

export default defineConfig([
  globalIgnores([
    "build/",
    "public/build/",
    "node_modules/",
    "data/",
    ".cache/",
    "coverage/",
    "test-results/",
    "playwright-report/",
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { project: { rules: { "import-boundaries": importBoundaries } } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // U+3000, the ideographic space, is ordinary typography in Chinese page text.
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // Every control character in a pattern here is one the input validators reject on purpose.
      "no-control-regex": "off",
      // Leaving fields out with a rest spread, and `_`-named variables (a loop that only counts), are deliberate.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },

  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // The app is not built with the React Compiler; these rules only report what the compiler could not optimise.
      "react-hooks/preserve-manual-memoization": "off",
      "react-hooks/incompatible-library": "off",
      "react-hooks/unsupported-syntax": "off",
      "react-hooks/config": "off",
      "react-hooks/gating": "off",
      // The compiler's ref inference treats every field of a hook result that carries a ref as a ref (`hints.errors`),
      // and flags the latest-value ref idiom, which is sound without the compiler.
      "react-hooks/refs": "off",
      // Answering a fetcher's result or hydration with setState in an effect is the Remix idiom here; the rule exists
      // so the compiler can skip the extra render.
      "react-hooks/set-state-in-effect": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.configs.recommended,
  },
  {
    files: ["app/entry.server.tsx", "app/**/*.server.{ts,tsx}", "app/**/*.test.{ts,tsx}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["backend/**", "contract/**", "tests/**", "scripts/**", "eslint-rules/**", "server.ts", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    // A migration runs against whatever schema existed when it was written, which Kysely types as `Kysely<any>`.
    files: ["backend/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["public/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },

  // The website and the backend meet only in contract/ (and in server.ts and scripts/, which compose them).
  { files: ["app/**"], rules: boundary({ forbiddenFolders: ["backend"] }) },
  { files: ["backend/**"], rules: boundary({ forbiddenFolders: ["app"] }) },
  { files: ["contract/**"], rules: boundary({ allowedFolders: ["contract"], allowedPackages: ["zod"] }) },
  {
    files: ["contract/**/*.test.ts"],
    rules: boundary({ allowedFolders: ["contract"], allowedPackages: ["zod", "vitest"] }),
  },

  prettier,
]);
