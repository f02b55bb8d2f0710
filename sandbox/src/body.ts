/** Request bodies: JSON, at most MAX_BODY_BYTES, read once per request and parsed with zod. */
import { BodyTooLargeError, readBoundedText } from "@billing-portal/contract/json-body";
import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, MAX_BODY_BYTES, parseWith } from "./http";

// The rest of an oversized body is not read: the connection closes after the answer.
const tooLarge = () =>
  new ApiError(413, "payload_too_large", "Request body too large", null, { Connection: "close" });

const bodies = new WeakMap<Request, Promise<unknown>>();

async function readJson(c: Context): Promise<unknown> {
  let text: string;
  try {
    text = await readBoundedText(c.req.raw.body, c.req.header("content-length"), MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw tooLarge();
    throw err;
  }
  text = text.trim();
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
