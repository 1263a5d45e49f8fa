import "server-only";
import { parseEnv } from "./env-schema";

// Validated once, when the server first loads this module. The start script has already
// checked the same contract, so a failure here means the app was started some other way.
const parsed = parseEnv(process.env);
if (!parsed.ok) throw new Error(parsed.message);

export const env = parsed.env;
