import "server-only";
import { RouteError, type RouteErrorCode } from "./errors";

// The one guard for ids taken from a BFF path segment ([id], [invoiceId], [attachmentId]): ids as
// the upstream issues them (letters, digits, `_ . : -`, at most 200), never a path of their own
// (no `/`, no `..`), so an id cannot steer the upstream call elsewhere.

const PATH_ID = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,199}$/;

/**
 * A plain id from a path segment, or a refusal: `not_found` (404) by default; the subscription
 * and plan routes refuse with `validation` on `id` (422), as docs/CONTRACT.md §7.2 has it.
 */
export function pathId(
  raw: string,
  refusal: Extract<RouteErrorCode, "not_found" | "validation"> = "not_found",
): string {
  if (PATH_ID.test(raw) && !raw.includes("..")) return raw;
  throw refusal === "validation"
    ? new RouteError("validation", { fields: { id: "validation.invalid" } })
    : new RouteError("not_found");
}
