// STUB (extended by the BFF work): see docs/CONTRACT.md §3.
/** Any failed call to the billing API, normalised. */
export class BillingApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "BillingApiError";
  }
}
/** The session's tokens can no longer be used (refresh failed, or 401 after one refresh). */
export class SessionEndedError extends Error {
  constructor() {
    super("session ended");
    this.name = "SessionEndedError";
  }
}
