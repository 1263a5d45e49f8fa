// The catalogs as the Next.js build reads them (next.config.mjs aliases "@/lib/i18n/catalogs"
// here). No import attribute: next-intl's catalog loader turns each file into precompiled
// messages, a JavaScript module, and Turbopack refuses a JSON attribute on one. Types stay the
// JSON's: every plain message precompiles to the same string, so code that reads one directly
// (productName) sees no difference.
import en from "@/messages/en.json";
import es from "@/messages/es.json";

export { en, es };
