// Reading a webhook body with a byte cap. The body is pulled from the request stream chunk by
// chunk and the stream is cancelled as soon as the cap is passed, so a sender that declares no
// length (chunked) or a false one can never make the shop hold more than the cap in memory.

/** Largest body accepted; order events are a few kilobytes. */
export const MAX_BODY_BYTES = 512 * 1024;

/** How much of a refused body is kept on its receipt (rejected deliveries are metadata and a short prefix: docs/security.md). */
export const REJECTED_PREFIX_BYTES = 1024;

/**
 * `ok`: the whole body as text, exactly as sent (the signature covers these bytes).
 * Not ok: larger than MAX_BODY_BYTES; `prefix` is what was read before stopping (at least
 * REJECTED_PREFIX_BYTES when the body had that many) and `bytes` the size known: the declared
 * length, or what arrived before the stream was cancelled.
 */
export type RawBody = { ok: true; text: string; bytes: number } | { ok: false; prefix: string; bytes: number };

export async function readRawBody(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<RawBody> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const declaredTooLarge = Number.isFinite(declared) && declared > maxBytes;
  // A declared oversize body is refused at once: only the prefix for the record is read.
  const stopAfter = declaredTooLarge ? REJECTED_PREFIX_BYTES : maxBytes;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let stopped = false;
  const reader = request.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      if (bytes > stopAfter) {
        stopped = true;
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  }
  const body = Buffer.concat(chunks);
  if (declaredTooLarge || stopped) {
    return {
      ok: false,
      prefix: body.subarray(0, REJECTED_PREFIX_BYTES).toString("utf8"),
      bytes: Math.max(bytes, declaredTooLarge ? declared : 0),
    };
  }
  return { ok: true, text: new TextDecoder().decode(body), bytes };
}
