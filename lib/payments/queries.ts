// Paying chosen invoices: the quote's key and queryOptions (docs/CONVENTIONS.md 10, 11). Only the
// browser asks for a quote (the pay dialog), so the fetch is passed in as the other features do.
import { queryOptions } from "@tanstack/react-query";
import type { PayQuote } from "@/lib/schemas/payments";
import type { PaySelection } from "@/lib/schemas/payments-forms";

export const paymentKeys = {
  all: ["payments"] as const,
  quote: (customerId: string, selection: PaySelection) =>
    [...paymentKeys.all, customerId, "quote", selection] as const,
};

/** What the chosen invoices owe; never kept once the dialog closes (amounts move). */
export function payQuoteQuery(
  customerId: string,
  selection: PaySelection,
  load: (selection: PaySelection) => Promise<PayQuote>,
) {
  return queryOptions<PayQuote>({
    queryKey: paymentKeys.quote(customerId, selection),
    queryFn: () => load(selection),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}
