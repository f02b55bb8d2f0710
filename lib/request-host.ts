import "server-only";
// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
/** The request's host name without port. */
export async function getRequestHost(): Promise<string> {
  throw new Error("not implemented");
}
