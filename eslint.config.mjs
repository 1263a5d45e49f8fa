import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The layers (docs/architecture.md): lib/ is the service layer. It never imports routes
// (app/), UI (components/), the upstream emulator or the test harnesses (testing/); tests
// beside the code may use the emulator and the harnesses, never routes or UI. The emulator
// stands in for another company's service and is a package of its own (@relay/emulator): it
// never imports the shop, and lib/ takes from it only its sandbox constants
// (@relay/emulator/sandbox). components/ is UI: it never imports routes (app/: a page hands its
// server actions down as props), the database (but the Prisma types, type-only), the emulator or
// the test harnesses. lib/architecture/layers.test.ts proves the rules bite.
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const ROUTES_AND_UI = ["@/app", "@/app/**", "@/components", "@/components/**", "**/app/**", "**/components/**"];
const EMULATOR_PACKAGE = ["@relay/emulator", "@/emulator"];
const EMULATOR_FILES = ["@relay/emulator/**", "@/emulator/**", "**/emulator/**"];
const ROUTES = ["@/app", "@/app/**", "**/app/**"];
const HARNESSES = ["@/testing", "@/testing/**", "**/testing/**"];
// `forbidden`: gitignore-style patterns (a "!" pattern allows a file a pattern above forbade);
// `names`: whole module names (a pattern that forbade a folder could not allow a file in it).
const layer = (forbidden, why, names = []) => ({
  "no-restricted-imports": [
    "error",
    { paths: names.map((name) => ({ name, message: why })), patterns: [{ group: forbidden, message: why }] },
  ],
});

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  // Formatting is Prettier's (`prettier --check` in `npm run lint`); ESLint keeps to correctness.
  prettier,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The App Router's document, drawn by the root layouts: its <head> is the page's. Said here,
    // not in the file, because the rule skips any path containing "app/" (a checkout under /app
    // would turn an inline disable into an unused directive).
    files: ["components/document.tsx"],
    rules: { "@next/next/no-head-element": "off" },
  },
  {
    files: ["lib/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: layer(
      [
        ...ROUTES_AND_UI,
        ...EMULATOR_FILES,
        "@/testing",
        "@/testing/**",
        "**/testing/**",
        // The sandbox credentials the embedded default configures the shop with.
        "!@relay/emulator/sandbox",
      ],
      "lib/ is the service layer: it never imports routes (app/), UI (components/), the emulator (but its sandbox constants, @relay/emulator/sandbox) or test harnesses (testing/).",
      EMULATOR_PACKAGE,
    ),
  },
  {
    files: TESTS.map((glob) => `lib/${glob}`),
    rules: layer(
      ROUTES_AND_UI,
      "Tests of lib/ test the service layer: they never import routes (app/) or UI (components/).",
    ),
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      ...layer(
        [...ROUTES, ...EMULATOR_PACKAGE, ...EMULATOR_FILES, ...HARNESSES],
        "components/ is UI: it never imports routes (app/: the page hands its server actions down as props), the emulator or test harnesses (testing/).",
      ),
      // The database's types (the Prisma enums and models) may describe what a component shows;
      // what it shows is read in lib/ and passed down by the page.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db", "@/lib/db/**", "**/lib/db", "**/lib/db/**"],
              allowTypeImports: true,
              message:
                "components/ never reads the database: the page reads what a component shows through lib/ and passes it down (type-only imports of the Prisma types are allowed).",
            },
          ],
        },
      ],
    },
  },
  {
    // By path, whichever way it is written (the shop's "@/" alias or a relative path out of emulator/).
    files: ["emulator/**/*.ts"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./emulator",
              from: ".",
              except: ["./emulator", "./node_modules"],
              message: "The emulator is a package of its own (@relay/emulator): it never imports the shop.",
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/db/generated/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
