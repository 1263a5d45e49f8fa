import { THEME_SCRIPT } from "@/lib/http/theme-script";

// Allowed by its hash in the CSP (lib/http/theme-script.ts): no nonce, so the root layout reads
// no request header and cached pages can include it.
export function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}
