// The browser's calls of Manage Account: the BFF's routes under /api/account (docs/CONTRACT.md §2).
import { apiFetch } from "@/lib/api-client";
import type {
  AchCreditDetails,
  AddPaymentFormUrl,
  AddPaymentMethodPayload,
  ChangePasswordInput,
  ContactDetails,
  ContactDetailsInput,
  PaymentMethod,
  PaymentMethodList,
} from "@/lib/schemas/account";
import type { AccountSessionList, RevokedSessions } from "@/lib/schemas/sessions";

const methodPath = (id: string) => `/api/account/payment-methods/${encodeURIComponent(id)}`;

/** GET /api/account/contact-details */
export const fetchContactDetails = () => apiFetch<ContactDetails>("/api/account/contact-details");

/** PUT /api/account/contact-details */
export const saveContactDetails = (body: ContactDetailsInput) =>
  apiFetch<ContactDetails>("/api/account/contact-details", { method: "PUT", body });

/** POST /api/account/password */
export const changePassword = (body: ChangePasswordInput) =>
  apiFetch<{ ok: true }>("/api/account/password", { method: "POST", body });

/** PUT /api/account/auto-pay */
export const saveAutoPay = (autoPay: boolean) =>
  apiFetch<{ autoPay: boolean }>("/api/account/auto-pay", { method: "PUT", body: { autoPay } });

/** GET /api/account/payment-methods */
export const fetchPaymentMethods = () =>
  apiFetch<PaymentMethodList>("/api/account/payment-methods");

/** POST /api/account/payment-methods */
export const addPaymentMethod = (body: AddPaymentMethodPayload) =>
  apiFetch<PaymentMethod>("/api/account/payment-methods", { method: "POST", body });

/** PUT /api/account/payment-methods/:id/default */
export const setDefaultPaymentMethod = (id: string) =>
  apiFetch<PaymentMethod>(`${methodPath(id)}/default`, { method: "PUT", body: {} });

/** DELETE /api/account/payment-methods/:id */
export const deletePaymentMethod = (id: string) =>
  apiFetch<{ ok: true }>(methodPath(id), { method: "DELETE", body: {} });

/** GET /api/account/ach-credit */
export const fetchAchCredit = () => apiFetch<AchCreditDetails>("/api/account/ach-credit");

/** GET /api/account/add-payment-form */
export const fetchAddPaymentForm = () =>
  apiFetch<AddPaymentFormUrl>("/api/account/add-payment-form");

/** POST /api/account/clear-cache */
export const clearAccountCache = () =>
  apiFetch<{ ok: true }>("/api/account/clear-cache", { method: "POST", body: {} });

/** GET /api/account/sessions */
export const fetchSessions = () => apiFetch<AccountSessionList>("/api/account/sessions");

/** POST /api/account/sessions/revoke-others */
export const revokeOtherSessions = () =>
  apiFetch<RevokedSessions>("/api/account/sessions/revoke-others", { method: "POST", body: {} });

/** DELETE /api/account/sessions/:id */
export const revokeSession = (id: string) =>
  apiFetch<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(id)}`, {
    method: "DELETE",
    body: {},
  });
