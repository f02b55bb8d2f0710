/**
 * Refusals of the /v1 subscription calls (400s). Their bodies and queries are the contract's
 * (`@billing-portal/contract/wire/subscriptions`: 422 when malformed).
 */
import { CANCELLATION_TYPES, type CancellationType } from "@billing-portal/contract/enums";
import type { changeBody, updateBody } from "@billing-portal/contract/wire/subscriptions";
import type { z } from "zod";
import { ApiError } from "../http";

export type UpdateBody = z.output<typeof updateBody>;
export type ChangeBody = z.output<typeof changeBody>;

export { CANCELLATION_TYPES, type CancellationType };

/** 400 `invalid_request` with a message the portal shows the customer as is. */
export const refuse = (message: string) => new ApiError(400, "invalid_request", message);

/** The cancellation type, or a 400 naming the ones there are. */
export function cancellationType(value: string | null | undefined): CancellationType {
  const found = CANCELLATION_TYPES.find((t) => t === value);
  if (!found) {
    throw refuse(`The cancellation type must be one of: ${CANCELLATION_TYPES.join(", ")}.`);
  }
  return found;
}
