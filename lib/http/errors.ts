import "server-only";
import { NextResponse } from "next/server";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";

// One error shape for every BFF answer: { error: { code, message, fields?, retryAfter? } }, where
// message is a message key of namespace `common`. One code → status/message table, the server's
// whole refusal vocabulary: the BFF's own refusals and every upstream refusal (docs/CONTRACT.md §1,
// §6, §7) map to a key of it (refusalCode), so the browser only ever sees these codes.

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
  captcha_required: { status: 400, message: "errors.auth.captchaRequired" },
  /** A second factor's code or recovery code that is not right (issue 34). */
  invalid_code: { status: 400, message: "errors.auth.invalidCode" },
  /** The second step of a sign-in that is gone: spent, expired, or never begun. */
  second_step_expired: { status: 401, message: "errors.auth.secondStepExpired" },
  /** A passkey's answer the billing API refused (another host, a spent challenge, unknown key). */
  passkey_refused: { status: 401, message: "errors.auth.passkeyRefused" },
  invalid_passkey: { status: 400, message: "errors.auth.passkeyRefused" },
  token_invalid: { status: 400, message: "errors.token.invalid" },
  token_expired: { status: 400, message: "errors.token.invalid" },
  conflict: { status: 409, message: "errors.generic" },
  upstream_unavailable: { status: 502, message: "errors.upstream" },
  upstream_malformed: { status: 502, message: "errors.upstream" },
  /** An upstream failure of a kind the table does not name (its status stands). */
  upstream_error: { status: 502, message: "errors.generic" },
  internal: { status: 500, message: "errors.generic" },
  // Upstream refusals the pages explain in their own words (account namespace, by code).
  invalid_current_password: { status: 400, message: "errors.generic" },
  auto_pay_not_editable: { status: 403, message: "errors.generic" },
  payment_method_required: { status: 400, message: "errors.generic" },
  last_payment_method: { status: 400, message: "errors.generic" },
  card_brand_not_allowed: { status: 400, message: "errors.generic" },
  card_brand_mismatch: { status: 400, message: "errors.generic" },
  payment_method_disabled: { status: 400, message: "errors.generic" },
  duplicate_payment_method: { status: 400, message: "errors.generic" },
  expired_card: { status: 400, message: "errors.generic" },
  invalid_payment_token: { status: 400, message: "errors.generic" },
  raw_account_number: { status: 400, message: "errors.generic" },
  gateway_mismatch: { status: 400, message: "errors.generic" },
  customer_mismatch: { status: 400, message: "errors.generic" },
  id_mismatch: { status: 400, message: "errors.generic" },
  already_registered: { status: 409, message: "errors.generic" },
  /** The subscriptions' refusals, with the customer's text as `detail` (CONTRACT §7.1). */
  invalid_request: { status: 400, message: "errors.generic" },
  // Paying chosen invoices (CONTRACT §7.5): the pay dialog says each in its own words.
  amount_above_balance: { status: 400, message: "errors.generic" },
  amount_below_minimum: { status: 400, message: "errors.generic" },
  partial_payments_disabled: { status: 400, message: "errors.generic" },
  invoice_not_open: { status: 400, message: "errors.generic" },
  mixed_currencies: { status: 400, message: "errors.generic" },
  nothing_to_pay: { status: 400, message: "errors.generic" },
  too_many_invoices: { status: 400, message: "errors.generic" },
  payment_method_unusable: { status: 400, message: "errors.generic" },
  idempotency_key_reused: { status: 409, message: "errors.generic" },
  card_declined: { status: 402, message: "errors.generic" },
  // Documents in bulk (CONTRACT §5).
  too_many_documents: { status: 400, message: "errors.generic" },
  nothing_to_download: { status: 400, message: "errors.generic" },
  insufficient_funds: { status: 402, message: "errors.generic" },
} satisfies Record<string, ErrorSpec>;

/** The refusals the BFF knows; each has one status and message in the table. */
export type RouteErrorCode = keyof typeof ERROR_TABLE;

/** Whether a code is a key of the table. */
export function isRouteErrorCode(code: string): code is RouteErrorCode {
  return Object.hasOwn(ERROR_TABLE, code);
}

// An upstream code the table does not name becomes the table's word for its status.
const CODE_BY_STATUS: Readonly<Record<number, RouteErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation",
  429: "rate_limited",
};

/** The table's key for an upstream refusal: its own code when the table has it, else its status's. */
export function refusalCode(err: BillingApiError): RouteErrorCode {
  if (isRouteErrorCode(err.code)) return err.code;
  return CODE_BY_STATUS[err.status] ?? "upstream_error";
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
    const code = refusalCode(err);
    const message = ERROR_TABLE[code].message;
    if (status >= 500) console.error(`[bff] billing API error ${status} ${err.code}`);
    if (status === 429) {
      const retryAfter = err.retryAfter ?? 60;
      return respond(
        429,
        { error: { code: "rate_limited", message, retryAfter } },
        { "Retry-After": String(retryAfter) },
      );
    }
    return respond(status, { error: { code, message } });
  }
  // Never the error object itself: it could hold a request or a token.
  const name = err instanceof Error ? err.name : typeof err;
  const detail = err instanceof Error ? err.message.slice(0, 200) : "";
  console.error(`[bff] unexpected ${name}: ${detail}`);
  return respond(500, { error: { code: "internal", message: "errors.generic" } });
}
