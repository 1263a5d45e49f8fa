import "server-only";

// The authorization server's answers in either form the shop may meet (docs/upstream-contract.md):
// RFC 6749 §5.2 / RFC 7591 §3.2.2 bodies (`{ error, error_description }`, and the token or client
// fields bare), or C§7's envelope, which the documents say every response uses and whose named
// codes include the OAuth ones (`invalid_grant`, `invalid_client`, …). oauth4webapi reads only the
// first form, so an envelope is unwrapped into it before oauth4webapi sees the answer.

type Envelope = { success?: unknown; data?: unknown; error?: unknown };

/** The same answer in RFC form: an envelope's error becomes `{error, error_description}`, its data the bare body. */
export async function asOAuthResponse(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").toLowerCase().includes("json")) return response;
  const text = await response.text();
  const rebuilt = (body: string) =>
    new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  let json: Envelope;
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    return rebuilt(text); // oauth4webapi reports the unreadable body itself
  }
  if (json === null || typeof json !== "object" || typeof json.success !== "boolean") return rebuilt(text);
  if (json.success === false && json.error && typeof json.error === "object") {
    const error = json.error as { code?: unknown; message?: unknown };
    if (typeof error.code === "string") {
      return rebuilt(
        JSON.stringify({
          error: error.code,
          ...(typeof error.message === "string" ? { error_description: error.message } : {}),
        }),
      );
    }
  }
  if (json.success === true && json.data && typeof json.data === "object") return rebuilt(JSON.stringify(json.data));
  return rebuilt(text);
}
