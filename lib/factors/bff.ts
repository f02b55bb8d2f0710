// The browser's calls of the second factor: the BFF's routes under /api/account/factors
// (lib/billing/factors reads and reshapes the billing API's answers).
import { apiFetch } from "@/lib/api-client";
import type {
  ConfirmedFactor,
  FactorList,
  RecoveryCodes,
  TotpEnrollment,
} from "@/lib/schemas/factors";

const factorPath = (id: string) => `/api/account/factors/${encodeURIComponent(id)}`;

/** GET /api/account/factors */
export const fetchFactors = () => apiFetch<FactorList>("/api/account/factors");

/** POST /api/account/factors/totp */
export const startTotp = () =>
  apiFetch<TotpEnrollment>("/api/account/factors/totp", { method: "POST", body: {} });

/** POST /api/account/factors/{id}/confirm */
export const confirmFactor = ({ id, code }: { id: string; code: string }) =>
  apiFetch<ConfirmedFactor>(`${factorPath(id)}/confirm`, { method: "POST", body: { code } });

/** DELETE /api/account/factors/{id} */
export const removeFactor = (id: string) =>
  apiFetch<{ ok: true }>(factorPath(id), { method: "DELETE" });

/** POST /api/account/factors/recovery-codes */
export const renewRecoveryCodes = () =>
  apiFetch<RecoveryCodes>("/api/account/factors/recovery-codes", { method: "POST", body: {} });

/** POST /api/account/factors/passkey: its name and the browser's answer. */
export const addPasskey = (body: { name: string; response: unknown }) =>
  apiFetch<ConfirmedFactor>("/api/account/factors/passkey", { method: "POST", body });
