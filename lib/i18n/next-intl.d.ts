// next-intl's types for this shop: a message key that is not in messages/en.json, or a
// language that is not the shop's, fails the typecheck.
import type en from "@/messages/en.json";
import type { Locale } from "./locale-routing.mjs";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
