"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import {
  fetchAchCredit,
  fetchAddPaymentForm,
  fetchContactDetails,
  fetchPaymentMethods,
  fetchSessions,
} from "@/lib/account/bff";
import {
  achCreditQuery,
  addPaymentFormQuery,
  contactDetailsQuery,
  paymentMethodsQuery,
  sessionsQuery,
} from "@/lib/account/queries";

// The account page's data: hydrated from the server render, fetched by the browser only when the
// server could not load it (or after a change invalidates it).

/** Contact details with auto-pay and payment options. */
export function useContactDetails(customerId: string) {
  return useQuery(contactDetailsQuery(customerId, fetchContactDetails));
}

/** Payment methods with the gateway setup. */
export function usePaymentMethods(customerId: string) {
  return useQuery(paymentMethodsQuery(customerId, fetchPaymentMethods));
}

/** The BFF's 404 says the customer has no bank-transfer details: an answer, not a failure. */
function noneWhenNotFound(error: unknown): null {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
}

/** Bank-transfer details; null when there are none (the section is hidden). */
export function useAchCredit(customerId: string) {
  return useQuery(achCreditQuery(customerId, () => fetchAchCredit().catch(noneWhenNotFound)));
}

/** The hosted add-payment page's link (null: no link). */
export function useAddPaymentForm(customerId: string) {
  return useQuery(addPaymentFormQuery(customerId, fetchAddPaymentForm));
}

/** The user's sign-ins; fetched by the browser alone (never prefetched by the page). */
export function useSessions() {
  return useQuery(sessionsQuery(fetchSessions));
}
