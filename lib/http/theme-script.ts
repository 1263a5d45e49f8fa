import { createHash } from "node:crypto";

// Runs before first paint so a dark-mode visitor never sees a white flash: a stored choice wins,
// otherwise the system preference. Its hash is in both CSPs (lib/http/security-headers.ts), so it
// runs on cached pages (no nonce there) and on per-request pages alike.
export const THEME_SCRIPT = `(()=>{try{const t=localStorage.getItem("theme");const d=t?t==="dark":matchMedia("(prefers-color-scheme: dark)").matches;document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;

export const THEME_SCRIPT_HASH = `'sha256-${createHash("sha256").update(THEME_SCRIPT).digest("base64")}'`;
