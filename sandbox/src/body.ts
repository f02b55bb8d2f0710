/** Request bodies: JSON, at most MAX_BODY_BYTES, read once per request and parsed with zod. */
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, MAX_BODY_BYTES, parseWith } from "./http";

// The rest of an oversized body is not read: the connection closes after the answer.
const tooLarge = () =>
  new ApiError(413, "payload_too_large", "Request body too large", null, { Connection: "close" });

const bodies = new WeakMap<Request, Promise<unknown>>();

async function readBytes(c: Context): Promise<Uint8Array[]> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return [];
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    // Not cancel(): that would destroy the socket before the 413 is written.
    reader.releaseLock();
  }
}

async function readJson(c: Context): Promise<unknown> {
  const text = Buffer.concat(await readBytes(c))
    .toString("utf8")
    .trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON");
  }
}

/**
 * The JSON body (undefined when empty). Invalid JSON is a 400 `invalid_json`, an oversized body a
 * 413 `payload_too_large`. The Content-Type is not checked: a form post reads as invalid JSON.
 */
export function readJsonBody(c: Context): Promise<unknown> {
  let body = bodies.get(c.req.raw);
  if (!body) {
    body = readJson(c);
    bodies.set(c.req.raw, body);
  }
  return body;
}

/** The JSON body parsed with `schema`; failures are 422 `validation`. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await readJsonBody(c));
}
