import type { EmulatorContext } from "../core/context";

// What the authorization server answers differently by dialect (README "Dialects"). `observed`
// follows ../../shared/spec/upstream-notes.md and the RFCs the notes imply; `documented` answers
// only what commerce-api-v2.md section 5 and section 7 name.

export const documented = (ctx: EmulatorContext) => ctx.config.dialect === "documented";

/** RFC 9207 `iss` on the authorization redirect: C§5 names only `code` and `state`. */
export const redirectCarriesIss = (ctx: EmulatorContext) => !documented(ctx);

/** OAuth error bodies: RFC 6749 `{error, error_description}`, or C§7's envelope (its codes include the OAuth ones). */
export const errorsInEnvelope = (ctx: EmulatorContext) => documented(ctx);

/**
 * The authorization server metadata only at `{auth_url}/.well-known/oauth-authorization-server`
 * (C§5 Discovery 3), not also at RFC 8414's inserted path.
 */
export const metadataAtInsertedPath = (ctx: EmulatorContext) => !documented(ctx);
