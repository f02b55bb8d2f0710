import "server-only";

// The billing client's one error type, and the end of a session. Both are safe to log: they never
// carry tokens, request bodies or URLs (URLs can hold tokens).

/** Any failed /v1 call, normalised: HTTP status, machine code, upstream text (for logs only). */
export class BillingApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfter: number | null;

  constructor(status: number, code: string, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = "BillingApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** The session cannot be used any more (refresh refused, or a 401 after a fresh token): sign in again. */
export class SessionEndedError extends Error {
  constructor(reason = "session ended") {
    super(reason);
    this.name = "SessionEndedError";
  }
}

/**
 * The access token was refused where a refreshed session could not be saved (a page render: cookies
 * are read-only there). Refreshing anyway would leave the new tokens in this process only, and the
 * next request, perhaps on another instance, would present the rotated-out refresh token and end the
 * session. The caller sends the browser where the cookie can be written (/api/auth/expired refreshes,
 * saves and comes back) or leaves the call to the browser's BFF request.
 */
export class RefreshNeededError extends Error {
  constructor() {
    super("access token refused; refresh where the cookie can be written");
    this.name = "RefreshNeededError";
  }
}
