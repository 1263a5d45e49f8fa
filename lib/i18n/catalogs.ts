import en from "@/messages/en.json" with { type: "json" };
import es from "@/messages/es.json" with { type: "json" };

// The message catalogs as plain JSON, for code Node runs directly (vitest, Playwright's helpers,
// scripts). The Next.js build reads ./catalogs.bundled.ts instead (next.config.mjs aliases it),
// where next-intl precompiles the messages so browsers get no ICU parser.
export { en, es };
