import { SCOPE_DESCRIPTIONS } from "./scopes";

// The authorization server's HTML: sign-in, consent and error pages. Plain, accessible markup
// (labelled inputs, fieldsets with legends, alerts) so both people and fetch-driven tests can use it.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Commerce API emulator</title>
<style>
*,*::before,*::after{box-sizing:border-box}
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:.75rem;font-weight:600}
input[type=email],input[type=password]{width:100%;padding:.5rem;font-size:1rem}
button{margin-top:1rem;margin-right:.5rem;padding:.5rem 1rem;font-size:1rem}
fieldset{margin-top:1rem}
[role=alert]{border:2px solid #b00020;padding:.5rem;color:#b00020}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

const alert = (message: string | undefined) => (message ? `<p role="alert">${escapeHtml(message)}</p>` : "");

export function signInPage(input: {
  action: string;
  requestId: string;
  clientName: string;
  email?: string;
  error?: string;
}): string {
  return layout(
    "Sign in",
    `<h1>Sign in to authorize ${escapeHtml(input.clientName)}</h1>
${alert(input.error)}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? "")}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p>Emulator accounts: see emulator/oauth/README.md (password <code>emulator</code>).</p>`,
  );
}

function scopeList(scopes: readonly string[]): string {
  return `<ul>${scopes.map((s) => `<li><code>${escapeHtml(s)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[s] ?? s)}</li>`).join("")}</ul>`;
}

export function consentPage(input: {
  action: string;
  requestId: string;
  clientName: string;
  redirectHost: string;
  email: string;
  granted: readonly string[];
  refused: readonly string[];
}): string {
  const canApprove = input.granted.length > 0;
  const refused = input.refused.length
    ? `<h2>Not available to this account</h2>
<p>Only PRO accounts can grant these; they will not be included:</p>
${scopeList(input.refused)}`
    : "";
  const approve = canApprove
    ? `<fieldset>
<legend>Environment for this access</legend>
<input type="radio" id="env-production" name="environment" value="production" checked>
<label for="env-production">Production (live orders, real credits)</label>
<input type="radio" id="env-sandbox" name="environment" value="sandbox">
<label for="env-sandbox">Sandbox (simulated orders, no credit debit)</label>
</fieldset>
<button type="submit" name="decision" value="approve">Approve</button>`
    : `<p role="alert">None of the requested permissions can be granted to this account.</p>`;
  return layout(
    "Authorize access",
    `<h1>${escapeHtml(input.clientName)} wants access to your account</h1>
<p>Signed in as <strong>${escapeHtml(input.email)}</strong>. After your decision you return to <strong>${escapeHtml(input.redirectHost)}</strong>.</p>
${canApprove ? `<h2>Requested permissions</h2>\n${scopeList(input.granted)}` : ""}
${refused}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
${approve}
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>\n<p>You were not sent back to the application because its address could not be verified.</p>`,
  );
}
