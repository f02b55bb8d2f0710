// Alerts the customer sets (docs/CONTRACT.md §7.4): thresholds on the current period's projected
// total or cost so far, the recipients told when one is crossed, and what fired. The billing API
// evaluates them when usage is recorded and when a period rolls; each fires once per period.
import { z } from "zod";
import { ALERT_BASES, MAX_ALERT_ADDRESSES, MAX_ALERT_THRESHOLDS, type AlertBasis } from "../enums";
import { wireDay, wireId, wireInstant } from "./envelope";
import { named } from "./named";

export { ALERT_BASES, MAX_ALERT_ADDRESSES, MAX_ALERT_THRESHOLDS, type AlertBasis };

export const alertThresholdDto = named(
  "AlertThreshold",
  z.looseObject({
    id: wireId,
    basis: z.enum(ALERT_BASES),
    amount: z.number().positive(),
    currency: z.string().min(3).max(3),
    created_at: wireInstant,
  }),
);
export type AlertThresholdDto = z.output<typeof alertThresholdDto>;

export const alertRecipientDto = named(
  "AlertRecipient",
  z.looseObject({
    id: wireId,
    email: z.string().max(254),
    kind: z.enum(["user", "address"]).meta({
      description: "user: a portal user who opted in; address: confirmed by an e-mailed link",
    }),
    status: z.enum(["pending", "confirmed", "expired"]),
    is_me: z.boolean().meta({ description: "the bearer's own opt-in" }),
  }),
);
export type AlertRecipientDto = z.output<typeof alertRecipientDto>;

export const alertEventDto = named(
  "AlertEvent",
  z.looseObject({
    id: wireId,
    threshold_id: wireId.nullable().meta({ description: "null once the threshold is removed" }),
    basis: z.enum(ALERT_BASES),
    amount: z.number(),
    currency: z.string().min(3).max(3),
    value: z.number().meta({ description: "the value that crossed it, when it fired" }),
    period_end: wireDay.meta({ description: "the day the period's invoice is issued" }),
    fired_at: wireInstant,
    dismissed: z.boolean().meta({ description: "dismissed by the bearer" }),
  }),
);
export type AlertEventDto = z.output<typeof alertEventDto>;

export const alertSettingsDto = named(
  "AlertSettings",
  z.looseObject({
    currency: z.string().min(3).max(3),
    thresholds: z.array(alertThresholdDto),
    recipients: z.array(alertRecipientDto),
    events: z.array(alertEventDto).meta({ description: "newest first, at most 50" }),
  }),
);
export type AlertSettingsDto = z.output<typeof alertSettingsDto>;

export const alertThresholdBody = z.object({
  basis: z.enum(ALERT_BASES),
  amount: z.number().positive().max(9_999_999_999.99).multipleOf(0.01),
});
export const alertRecipientBody = z.object({ email: z.email().max(254) });
export const alertMeBody = z.object({ subscribed: z.boolean() });
export const alertConfirmBody = z.object({ token: z.string().min(10).max(200) });
export const alertIdParams = z.object({ id: z.string().min(1).max(64) });

export const oneAlertThresholdDto = named(
  "OneAlertThreshold",
  z.looseObject({ threshold: alertThresholdDto }),
);
export const oneAlertRecipientDto = named(
  "OneAlertRecipient",
  z.looseObject({ recipient: alertRecipientDto.nullable() }),
);
export const alertConfirmedDto = named(
  "AlertRecipientConfirmed",
  z.looseObject({ email: z.string().max(254), company_name: z.string().max(500) }),
);
