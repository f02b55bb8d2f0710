import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";

/** Largest request body accepted (bytes). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The /v1 envelope: HTTP status equals `code`. */
export type Envelope = { code: number; data: unknown; error: string | null; errorCode?: string };

/** A failure answered with an error envelope (`data` is null unless given, e.g. `{retryAfter}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
export const unauthorized = (message = "Authentication required") =>
  new ApiError(401, "unauthorized", message);
export const tokenInvalid = (message = "The link is invalid or has expired") =>
  new ApiError(400, "token_invalid", message);
export const validationError = (message: string) => new ApiError(422, "validation", message);
export const rateLimited = (retryAfter: number, message = "Too many attempts. Try again later.") =>
  new ApiError(429, "rate_limited", message, { retryAfter }, { "Retry-After": String(retryAfter) });

const BASE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...BASE_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  data: unknown,
  headers: Record<string, string> = {},
): void {
  const body: Envelope = { code: status, data, error: null };
  sendJson(res, status, body, headers);
}

export function sendErrorEnvelope(res: ServerResponse, err: ApiError): void {
  const body: Envelope = {
    code: err.status,
    data: err.data,
    error: err.message,
    errorCode: err.errorCode,
  };
  sendJson(res, err.status, body, err.headers);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...BASE_HEADERS,
    "Content-Type": contentType,
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

// The rest of an oversized body is not read: the connection closes after the answer.
const tooLarge = () =>
  new ApiError(413, "payload_too_large", "Request body too large", null, { Connection: "close" });

/**
 * Reads a JSON body (at most MAX_BODY_BYTES). An empty body reads as undefined; invalid JSON is a
 * 400 `invalid_json`, an oversized body a 413 `payload_too_large`.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer | string) => {
      if (failed) return; // discard the rest; the answer closes the connection
      const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(buf);
    });
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on("error", (err) => {
      if (failed) return;
      failed = true;
      reject(err);
    });
  });
  const text = raw.toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON");
  }
}

/** Human message from a zod error: the first issue, prefixed by its field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parses with a zod schema; failures are 422 `validation` with a human message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(describeZodError(result.error));
  return result.data;
}

/** Seconds to wait, rounded up, at least 1. */
export const ceilSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
