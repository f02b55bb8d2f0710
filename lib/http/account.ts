import "server-only";
import { pathId } from "./path-id";

/** A payment method id from a BFF path segment (the one guard, lib/http/path-id.ts), or 404. */
export function methodId(raw: string): string {
  return pathId(raw);
}
