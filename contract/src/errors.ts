// The error side of every /v1 answer: the envelope's `errorCode` vocabulary and the code a status
// stands for when an answer carries none. Both sides read these: the billing API answers with
// them, the portal maps them to its own messages.

/** Machine codes of `errorCode` (docs/CONTRACT.md §1, §6, §7), by what they mean. */
export const ERROR_CODES = [
  // Generic, one per status (STATUS_ERROR_CODES)
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "validation",
  "rate_limited",
  "internal_error",
  // Requests
  "invalid_json",
  "invalid_request",
  // Sign-in and e-mail links
  "invalid_credentials",
  "token_invalid",
  "token_expired",
  "captcha_required",
  "captcha_failed",
  "already_registered",
  // Account
  "invalid_current_password",
  "auto_pay_not_editable",
  "payment_method_required",
  "id_mismatch",
  "last_payment_method",
  // Adding a payment method, in the order they are checked
  "raw_account_number",
  "gateway_mismatch",
  "customer_mismatch",
  "payment_method_disabled",
  "invalid_payment_token",
  "card_brand_mismatch",
  "card_brand_not_allowed",
  "expired_card",
  "duplicate_payment_method",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The code a refusal status stands for when its answer names none (or names one we cannot read).
 * Other statuses have no generic code: a reader keeps its own ("upstream_error", "injected_fault").
 */
export const STATUS_ERROR_CODES: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "validation",
  429: "rate_limited",
};

/** The shape an `errorCode` must have to be read at all (a billing API may add codes of its own). */
export const ERROR_CODE_PATTERN = /^[a-z0-9_]{1,64}$/;
