/** Errors every route may throw (answered as error envelopes) and zod parsing of input. */
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

/** 404 `not_found`. */
export const notFound = (message = "Not found") => new ApiError(404, "not_found", message);
/** 401 `unauthorized`. */
export const unauthorized = (message = "Authentication required") =>
  new ApiError(401, "unauthorized", message);
/** 400 `token_invalid`: an e-mail link that is unknown, used or expired. */
export const tokenInvalid = (message = "The link is invalid or has expired") =>
  new ApiError(400, "token_invalid", message);
/** 422 `validation` with a human message. */
export const validationError = (message: string) => new ApiError(422, "validation", message);
/** 429 `rate_limited` with `Retry-After` and `data: {retryAfter}`. */
export const rateLimited = (retryAfter: number, message = "Too many attempts. Try again later.") =>
  new ApiError(429, "rate_limited", message, { retryAfter }, { "Retry-After": String(retryAfter) });

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
