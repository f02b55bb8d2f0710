/**
 * How routes answer: the /v1 envelope, plain JSON or text (control endpoints, scripts, HTML pages)
 * and streams (files, generated PDFs). The middleware in http-app.ts adds `Cache-Control: no-store`
 * and `X-Content-Type-Options: nosniff` to every answer; headers given here win.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Context } from "hono";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import type { ApiError, Envelope } from "./http";

type HeaderMap = Record<string, string>;

// Statuses whose answers carry no body (the Response constructor refuses one).
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** A text answer with an exact Content-Length (HEAD answers carry it too). */
export function sendText(
  c: Context,
  status: number,
  text: string,
  contentType: string,
  headers: HeaderMap = {},
): Response {
  if (NULL_BODY_STATUSES.has(status)) return c.body(null, status as StatusCode, headers);
  return c.body(text, status as ContentfulStatusCode, {
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
}

/** A plain JSON answer (control endpoints, /healthz). */
export function sendJson(
  c: Context,
  body: unknown,
  status = 200,
  headers: HeaderMap = {},
): Response {
  return sendText(c, status, JSON.stringify(body), "application/json; charset=utf-8", headers);
}

/** The /v1 success envelope `{code, data, error: null}`. */
export function envelope(c: Context, data: unknown, status = 200): Response {
  const body: Envelope = { code: status, data, error: null };
  return sendJson(c, body, status);
}

/** The /v1 error envelope of an ApiError, with its headers (Retry-After, Allow, ...). */
export function errorEnvelope(c: Context, err: ApiError): Response {
  const body: Envelope = {
    code: err.status,
    data: err.data,
    error: err.message,
    errorCode: err.errorCode,
  };
  return sendJson(c, body, err.status, err.headers);
}

/**
 * Streams a Node readable (a file, a pdfkit document) as the body; the client's backpressure
 * paces it. Give Content-Type, and Content-Length when known.
 */
export function sendStream(
  c: Context,
  source: Readable,
  headers: HeaderMap,
  status = 200,
): Response {
  // Node's web ReadableStream type and the DOM one differ only on paper.
  const body = Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>;
  return c.body(body, status as ContentfulStatusCode, headers);
}

/** Streams a file from disk with its Content-Length; HEAD answers without opening it. */
export async function sendFile(
  c: Context,
  path: string,
  contentType: string,
  headers: HeaderMap = {},
): Promise<Response> {
  const { size } = await stat(path);
  const all = { "Content-Type": contentType, "Content-Length": String(size), ...headers };
  if (c.req.method === "HEAD") return c.body(null, 200, all);
  return sendStream(c, createReadStream(path), all);
}
