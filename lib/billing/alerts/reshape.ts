import "server-only";
import type { z } from "zod";
import { parseDto } from "@/lib/billing/dto";
import type { AlertRecipient, AlertSettings, AlertThreshold } from "@/lib/schemas/alerts";
import {
  alertSettingsDto,
  confirmedDto,
  oneRecipientDto,
  oneThresholdDto,
  type recipientDto,
  type thresholdDto,
} from "./wire";

// The alerts' reshapes (docs/CONTRACT.md §7.4): /v1 answers, validated by their readers, into the
// app's shapes (lib/schemas/alerts.ts). A shape they do not understand is a 502 (parseDto).

const threshold = (t: z.output<typeof thresholdDto>): AlertThreshold => ({
  id: t.id,
  basis: t.basis,
  amount: t.amount,
  currency: t.currency.toUpperCase(),
});
const recipient = (r: z.output<typeof recipientDto>): AlertRecipient => ({
  id: r.id,
  email: r.email,
  kind: r.kind,
  status: r.status,
  isMe: r.is_me,
});

export function reshapeAlertSettings(data: unknown): AlertSettings {
  const dto = parseDto(alertSettingsDto, data, "alerts");
  return {
    currency: dto.currency.toUpperCase(),
    thresholds: dto.thresholds.map(threshold),
    recipients: dto.recipients.map(recipient),
    events: dto.events.map((e) => ({
      id: e.id,
      basis: e.basis,
      amount: e.amount,
      currency: e.currency.toUpperCase(),
      value: e.value,
      periodEnd: e.period_end,
      firedAt: e.fired_at,
      dismissed: e.dismissed,
    })),
  };
}

export const reshapeThreshold = (data: unknown) =>
  threshold(parseDto(oneThresholdDto, data, "alert threshold").threshold);

export function reshapeRecipient(data: unknown): AlertRecipient | null {
  const dto = parseDto(oneRecipientDto, data, "alert recipient");
  return dto.recipient ? recipient(dto.recipient) : null;
}

export function reshapeConfirmed(data: unknown): { email: string; companyName: string } {
  const dto = parseDto(confirmedDto, data, "alert confirmation");
  return { email: dto.email, companyName: dto.company_name };
}
