// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
export const DEFAULT_RETURN_PATH = "/portal/dashboard";
/** A same-origin path under /portal/, or the dashboard. */
export function safeReturnPath(_input: unknown): string {
  return DEFAULT_RETURN_PATH;
}
