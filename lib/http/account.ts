import "server-only";
import { paymentMethodIdSchema } from "@/lib/schemas/account";
import { RouteError } from "./errors";

/** A payment method id from a BFF path segment: plain, as the upstream issues them, or 404. */
export function methodId(raw: string): string {
  const result = paymentMethodIdSchema.safeParse(raw);
  if (!result.success) throw new RouteError("not_found");
  return result.data;
}
