import "server-only";
import { RouteError } from "./errors";

// The one guard for ids taken from a BFF path segment ([id], [invoiceId], [attachmentId]): ids as
// the upstream issues them (letters, digits, `_ . : -`, at most 200), never a path of their own
// (no `/`, no `..`), so an id cannot steer the upstream call elsewhere. One answer for every
// route: 404 `not_found`, since such an id names nothing that could exist.

const PATH_ID = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,199}$/;

/** A plain id from a path segment, or a 404 refusal. */
export function pathId(raw: string): string {
  if (PATH_ID.test(raw) && !raw.includes("..")) return raw;
  throw new RouteError("not_found");
}
