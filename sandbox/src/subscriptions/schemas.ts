/** Bodies and queries of the /v1 subscription calls (422 when malformed; refusals are 400s elsewhere). */
import { CANCELLATION_TYPES, type CancellationType } from "@billing-portal/contract/enums";
import {
  cancelBody,
  cancelDateQuery,
  changeBody,
  reactivateBody,
  updateBody,
} from "@billing-portal/contract/wire/subscriptions";
import type { z } from "zod";
import { ApiError } from "../http";

export {
  cancelBody as cancelBodySchema,
  cancelDateQuery as cancelDateQuerySchema,
  changeBody as changeBodySchema,
  reactivateBody as reactivateBodySchema,
  updateBody as updateBodySchema,
};
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
