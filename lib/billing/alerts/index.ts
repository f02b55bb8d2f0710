import "server-only";
import type {
  AlertRecipient,
  AlertSettings,
  AlertThreshold,
  ThresholdBody,
} from "@/lib/schemas/alerts";
import { billingRequest } from "@/lib/billing/client";
import {
  reshapeAlertSettings,
  reshapeConfirmed,
  reshapeRecipient,
  reshapeThreshold,
} from "./reshape";

// The /v1 calls of alerts (docs/CONTRACT.md §7.4), answered in the app's shapes of
// lib/schemas/alerts.ts: the wire schemas (wire.ts) and reshapes (reshape.ts) stay in this folder.

type Caller = { accessToken: string; clientIp?: string };
const path = (kind: "thresholds" | "recipients" | "events", id: string) =>
  `/v1/alerts/${kind}/${encodeURIComponent(id)}`;

/** GET /v1/alerts */
export async function requestAlerts(caller: Caller): Promise<AlertSettings> {
  return reshapeAlertSettings(await billingRequest<unknown>("/v1/alerts", caller));
}

/** POST /v1/alerts/thresholds */
export async function addAlertThreshold(
  caller: Caller,
  body: ThresholdBody,
): Promise<AlertThreshold> {
  return reshapeThreshold(
    await billingRequest<unknown>("/v1/alerts/thresholds", { ...caller, method: "POST", body }),
  );
}

/** DELETE /v1/alerts/thresholds/{id} */
export async function removeAlertThreshold(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(path("thresholds", id), { ...caller, method: "DELETE" });
}

/** PUT /v1/alerts/me */
export async function setAlertsForMe(
  caller: Caller,
  subscribed: boolean,
): Promise<AlertRecipient | null> {
  return reshapeRecipient(
    await billingRequest<unknown>("/v1/alerts/me", {
      ...caller,
      method: "PUT",
      body: { subscribed },
    }),
  );
}

/** POST /v1/alerts/recipients */
export async function addAlertRecipient(
  caller: Caller,
  email: string,
): Promise<AlertRecipient | null> {
  return reshapeRecipient(
    await billingRequest<unknown>("/v1/alerts/recipients", {
      ...caller,
      method: "POST",
      body: { email },
    }),
  );
}

/** DELETE /v1/alerts/recipients/{id} */
export async function removeAlertRecipient(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(path("recipients", id), { ...caller, method: "DELETE" });
}

/** PUT /v1/alerts/events/{id}/dismiss */
export async function dismissAlertEvent(caller: Caller, id: string): Promise<void> {
  await billingRequest<unknown>(`${path("events", id)}/dismiss`, { ...caller, method: "PUT" });
}

/** POST /v1/alerts/recipients/confirm: no bearer, the e-mailed token is the proof. */
export async function confirmAlertRecipient(
  token: string,
  clientIp?: string,
): Promise<{ email: string; companyName: string }> {
  return reshapeConfirmed(
    await billingRequest<unknown>("/v1/alerts/recipients/confirm", {
      method: "POST",
      body: { token },
      ...(clientIp ? { clientIp } : {}),
    }),
  );
}
