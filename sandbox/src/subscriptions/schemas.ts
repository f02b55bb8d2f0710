/** Bodies and queries of the /v1 subscription calls (422 when malformed; refusals are 400s elsewhere). */
import { CANCELLATION_TYPES, type CancellationType } from "@billing-portal/contract/enums";
import { z } from "zod";
import { ApiError } from "../http";

const lineId = z.string().trim().min(1).max(64);
const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const fieldMap = z.record(z.string().min(1).max(64), fieldValue);

/** PUT /v1/subscriptions/{id}. */
export const updateBodySchema = z.object({ fields: fieldMap });
export type UpdateBody = z.output<typeof updateBodySchema>;

/** PUT /v1/subscriptions/{id}/change_preview and /change (ChangeBody). */
export const changeBodySchema = z.object({
  fields: fieldMap.optional(),
  charges: z
    .array(z.object({ id: lineId, quantity: z.number() }))
    .max(500)
    .optional(),
  add_plans: z
    .array(
      z.object({
        plan_id: lineId,
        charges: z
          .array(z.object({ charge_id: lineId, quantity: z.number() }))
          .max(200)
          .optional(),
      }),
    )
    .max(50)
    .optional(),
  remove_plans: z.array(lineId).max(50).optional(),
});
export type ChangeBody = z.output<typeof changeBodySchema>;

export { CANCELLATION_TYPES, type CancellationType };

/** PUT /v1/subscriptions/{id}/cancel: the date's presence and form are refusals (400), not 422s. */
export const cancelBodySchema = z.object({
  cancellation_date: z.string().max(100).nullish(),
  cancellation_type: z.string().max(100).nullish(),
});

/** GET /v1/subscriptions/{id}/cancel_date. */
export const cancelDateQuerySchema = z.object({
  cancellation_type: z.string().max(100).optional(),
  cancellation_date: z.string().max(100).optional(),
});

export const reactivateBodySchema = z.object({});

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
