import "server-only";
import { NextResponse } from "next/server";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";

// One error shape for every BFF answer: { error: { code, message, fields?, retryAfter? } }, where
// message is a message key of namespace `common`. One code → status/message table.

type ErrorSpec = { status: number; message: string };

const ERROR_TABLE = {
  bad_request: { status: 400, message: "errors.validation" },
  validation: { status: 422, message: "errors.validation" },
  unsupported_media_type: { status: 415, message: "errors.forbidden" },
  payload_too_large: { status: 413, message: "errors.validation" },
  forbidden: { status: 403, message: "errors.forbidden" },
  unauthorized: { status: 401, message: "errors.auth.sessionExpired" },
  session_expired: { status: 401, message: "errors.auth.sessionExpired" },
  no_portal: { status: 404, message: "errors.noPortal" },
  not_found: { status: 404, message: "errors.generic" },
  method_not_allowed: { status: 405, message: "errors.generic" },
  invalid_credentials: { status: 401, message: "errors.auth.invalidCredentials" },
  rate_limited: { status: 429, message: "errors.auth.tooManyAttempts" },
  captcha_failed: { status: 400, message: "forgotPassword.humanError" },
  token_invalid: { status: 400, message: "errors.token.invalid" },
  token_expired: { status: 400, message: "errors.token.invalid" },
  upstream_unavailable: { status: 502, message: "errors.upstream" },
  upstream_malformed: { status: 502, message: "errors.upstream" },
  internal: { status: 500, message: "errors.generic" },
} satisfies Record<string, ErrorSpec>;

/** The refusals the BFF knows; each has one status and message in the table. */
export type RouteErrorCode = keyof typeof ERROR_TABLE;

function specFor(code: string): ErrorSpec | undefined {
  return Object.hasOwn(ERROR_TABLE, code) ? ERROR_TABLE[code as RouteErrorCode] : undefined;
}

/** A refusal decided by the BFF itself; status and message come from the table. */
export class RouteError extends Error {
  readonly code: RouteErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: RouteErrorCode,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.name = "RouteError";
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}

type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string>; retryAfter?: number };
};

function respond(
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): NextResponse {
  return NextResponse.json(body, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

/** The JSON error answer for anything a handler throws. Unknown errors: 500, details only in the server log. */
export function toErrorResponse(err: unknown): NextResponse {
  if (err instanceof RouteError) {
    const spec = ERROR_TABLE[err.code];
    return respond(
      spec.status,
      {
        error: {
          code: err.code,
          message: spec.message,
          ...(err.fields ? { fields: err.fields } : {}),
        },
      },
      err.headers,
    );
  }
  if (err instanceof SessionEndedError) {
    return respond(401, {
      error: { code: "session_expired", message: ERROR_TABLE.session_expired.message },
    });
  }
  if (err instanceof BillingApiError) {
    // The upstream's status stands; the message is ours (upstream text is English and may say too much).
    const status = err.status >= 400 && err.status <= 599 ? err.status : 502;
    const message = specFor(err.code)?.message ?? "errors.generic";
    if (status >= 500) console.error(`[bff] billing API error ${status} ${err.code}`);
    if (status === 429) {
      const retryAfter = err.retryAfter ?? 60;
      return respond(
        429,
        { error: { code: "rate_limited", message, retryAfter } },
        { "Retry-After": String(retryAfter) },
      );
    }
    return respond(status, { error: { code: err.code, message } });
  }
  // Never the error object itself: it could hold a request or a token.
  const name = err instanceof Error ? err.name : typeof err;
  const detail = err instanceof Error ? err.message.slice(0, 200) : "";
  console.error(`[bff] unexpected ${name}: ${detail}`);
  return respond(500, { error: { code: "internal", message: "errors.generic" } });
}
