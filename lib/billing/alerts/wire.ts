import "server-only";
import type { AlertSettingsDto } from "@billing-portal/contract/wire/alerts";
import { z } from "zod";
import { ALERT_BASES } from "@/lib/schemas/alerts";
import { readerOf } from "../reader";

// The readers of /v1/alerts (the contract's contract/src/wire/alerts.ts; docs/CONTRACT.md §7.4).
// Server-only: the upstream's answers are untrusted and validated here before reshape.ts.

const id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200));
const currency = z.string().regex(/^[A-Za-z]{3}$/);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const thresholdDto = z.object({
  id,
  basis: z.enum(ALERT_BASES),
  amount: z.number().finite(),
  currency,
});
export const recipientDto = z.object({
  id,
  email: z.string().max(254),
  kind: z.enum(["user", "address"]),
  status: z.enum(["pending", "confirmed", "expired"]),
  is_me: z.boolean(),
});
const eventDto = z.object({
  id,
  basis: z.enum(ALERT_BASES),
  amount: z.number().finite(),
  currency,
  value: z.number().finite(),
  period_end: day,
  fired_at: z.string().max(64),
  dismissed: z.boolean(),
});

export const alertSettingsDto = readerOf<AlertSettingsDto>()(
  z.object({
    currency,
    thresholds: z.array(thresholdDto).max(20),
    recipients: z.array(recipientDto).max(50),
    events: z.array(eventDto).max(100),
  }),
);
export const oneThresholdDto = z.object({ threshold: thresholdDto });
export const oneRecipientDto = z.object({ recipient: recipientDto.nullable() });
export const confirmedDto = z.object({
  email: z.string().max(254),
  company_name: z.string().max(500),
});
