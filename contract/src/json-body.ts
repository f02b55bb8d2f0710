// Reading a JSON request body with a size cap, for both sides of /v1: the billing API (requests
// from the portal) and the portal's BFF (requests from browsers). Each maps the failures to its
// own error vocabulary.

/** The body is larger than the cap (declared or as read); the rest is not read. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
    this.name = "BodyTooLargeError";
  }
}

/**
 * The body's bytes as UTF-8 text, at most `maxBytes`; a Content-Length above the cap fails
 * before anything is read. By default the stream is released, not cancelled: on a Node server
 * cancelling destroys the socket before the caller can answer 413; `cancelOnOverflow` cancels it
 * (a framework that answers on its own connection, as Next.js's route handlers do).
 */
export async function readBoundedText(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null | undefined,
  maxBytes: number,
  { cancelOnOverflow = false }: { cancelOnOverflow?: boolean } = {},
): Promise<string> {
  const declared = Number(declaredLength ?? "0");
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError();
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        if (cancelOnOverflow) await reader.cancel();
        throw new BodyTooLargeError();
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
