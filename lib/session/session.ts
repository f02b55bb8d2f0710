import "server-only";
import type { PortalSession } from "./types";
// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
/** The current valid session, or null. */
export async function getSession(): Promise<PortalSession | null> {
  throw new Error("not implemented");
}
/** The current session, or a redirect to /portal/login?returnTo=… */
export async function requireSession(_returnTo: string): Promise<PortalSession> {
  throw new Error("not implemented");
}
