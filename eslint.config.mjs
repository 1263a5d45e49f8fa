import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The layers (docs/architecture.md): lib/ is the service layer. It never imports routes
// (app/), UI (components/), the upstream emulator or the test harnesses (testing/); tests
// beside the code may use the emulator and the harnesses, never routes or UI. The emulator
// stands in for another company's service: it shares nothing with the shop but lib's
// constants. lib/architecture/layers.test.ts proves the rule bites.
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const ROUTES_AND_UI = ["@/app", "@/app/**", "@/components", "@/components/**", "**/app/**", "**/components/**"];
const layer = (forbidden, why) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: forbidden, message: why }] }],
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
      [...ROUTES_AND_UI, "@/emulator", "@/emulator/**", "**/emulator/**", "@/testing", "@/testing/**", "**/testing/**"],
      "lib/ is the service layer: it never imports routes (app/), UI (components/), the emulator or test harnesses (testing/).",
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
    files: ["emulator/**/*.ts"],
    rules: layer(
      [...ROUTES_AND_UI, "@/testing", "@/testing/**"],
      "The emulator stands in for the upstream: it never imports the shop's routes, UI or test harnesses.",
    ),
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
