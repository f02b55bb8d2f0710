// The browser's calls of alerts: the BFF's routes under /api/alerts (docs/CONTRACT.md §7.4).
import { ApiError, apiFetch } from "@/lib/api-client";
import type {
  AlertRecipient,
  AlertSettings,
  AlertThreshold,
  ThresholdBody,
} from "@/lib/schemas/alerts";

const at = (kind: "thresholds" | "recipients", id: string) =>
  `/api/alerts/${kind}/${encodeURIComponent(id)}`;

/** GET /api/alerts; null when the billing API has no alerts (the section is hidden). */
export async function fetchAlertSettings(): Promise<AlertSettings | null> {
  try {
    return await apiFetch<AlertSettings>("/api/alerts");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const addThreshold = (body: ThresholdBody) =>
  apiFetch<{ threshold: AlertThreshold }>("/api/alerts/thresholds", { method: "POST", body });

export const removeThreshold = (id: string) =>
  apiFetch<{ ok: true }>(at("thresholds", id), { method: "DELETE" });

export const setAlertsForMe = (subscribed: boolean) =>
  apiFetch<{ recipient: AlertRecipient | null }>("/api/alerts/me", {
    method: "PUT",
    body: { subscribed },
  });

export const addRecipient = (email: string) =>
  apiFetch<{ recipient: AlertRecipient }>("/api/alerts/recipients", {
    method: "POST",
    body: { email },
  });

export const removeRecipient = (id: string) =>
  apiFetch<{ ok: true }>(at("recipients", id), { method: "DELETE" });

export const dismissAlert = (id: string) =>
  apiFetch<{ ok: true }>(`/api/alerts/events/${encodeURIComponent(id)}/dismiss`, { method: "PUT" });
