import "server-only";
import { IDEMPOTENCY_HEADER } from "@billing-portal/contract/wire/payments";
import { billingRequest } from "@/lib/billing/client";
import { BillingApiError } from "@/lib/billing/errors";
import { billingApiOrigin, type Caller } from "@/lib/billing/lists";
import { readAllRows } from "@/lib/billing/lists/read-all";
import type { ListFilter } from "@/lib/lists/filters";
import { parseFiltersParam } from "@/lib/lists/params";
import type { Invoice, SignedUrl } from "@/lib/schemas/lists";
import {
  MAX_PAYMENT_INVOICES,
  type MadePayment,
  type PayQuote,
  type QuotedInvoice,
} from "@/lib/schemas/payments";
import type { PaySelection } from "@/lib/schemas/payments-forms";
import { reshapeMadePayment, reshapeReceiptUrl, reshapeSignedUrl } from "./reshape";

// Paying chosen invoices (docs/CONTRACT.md §7.5). The browser names what it chose (ticked ids, or
// "everything matching these filters"); this module turns that into open invoices by reading the
// invoices list, so the quote, the payment and the hosted page all pay what the billing API says
// is owed, never amounts the browser sent.

/** Beyond this many rows a selection is refused as too many (one payment settles at most 500). */
const READ_LIMIT = MAX_PAYMENT_INVOICES + 1;
/** At most this many invoices are read to resolve a selection (100 list calls). */
const SCAN_LIMIT = 5_000;
const OPEN: ListFilter = { field: "balance", operator: "gt", value: "0" };
const DUE_FIRST = { column: "due_date", direction: "asc" } as const;

/** Every invoice for these filters, oldest due first. */
const readInvoices = (caller: Caller, filters: ListFilter[], limit: number) =>
  readAllRows(caller, "invoices", filters, limit, DUE_FIRST);

const isOpen = (row: Invoice) =>
  (row.balance ?? 0) > 0 && row.status !== "Void" && row.status !== "Paid";

const quoted = (row: Invoice): QuotedInvoice => ({
  id: row.id,
  dueDate: row.dueDate,
  balance: row.balance ?? 0,
  currency: (row.currency ?? "USD").toUpperCase(),
});

/** The open invoices a selection names, and how many it named that owe nothing. */
export async function resolveSelection(caller: Caller, selection: PaySelection): Promise<PayQuote> {
  let chosen: Invoice[];
  let notOpen = 0;
  let tooMany = false;
  switch (selection.kind) {
    case "ids": {
      const open = await readInvoices(caller, [OPEN], SCAN_LIMIT);
      const wanted = new Set(selection.ids);
      chosen = open.filter((row) => wanted.has(row.id) && isOpen(row));
      notOpen = wanted.size - chosen.length;
      break;
    }
    case "matching": {
      const filters = parseFiltersParam("invoices", selection.filters);
      const excluded = new Set(selection.excluded);
      const rows = (await readInvoices(caller, filters, SCAN_LIMIT)).filter(
        (row) => !excluded.has(row.id),
      );
      chosen = rows.filter(isOpen);
      notOpen = rows.length - chosen.length;
      break;
    }
    case "overdue":
      chosen = (await readInvoices(caller, [OPEN], SCAN_LIMIT)).filter(
        (row) => isOpen(row) && row.overdue === true,
      );
      break;
    case "open":
      chosen = (await readInvoices(caller, [OPEN], READ_LIMIT)).filter(isOpen);
      break;
  }
  if (chosen.length > MAX_PAYMENT_INVOICES) {
    tooMany = true;
    chosen = chosen.slice(0, MAX_PAYMENT_INVOICES);
  }
  const invoices = chosen.map(quoted);
  const totals = new Map<string, number>();
  for (const i of invoices)
    totals.set(i.currency, (totals.get(i.currency) ?? 0) + Math.round(i.balance * 100));
  return {
    invoices,
    notOpen,
    tooMany,
    totals: [...totals].map(([currency, cents]) => ({ currency, amount: cents / 100 })),
  };
}

/** The ids to send upstream; a selection of every open invoice sends none (the API's default). */
function invoiceIdsOf(selection: PaySelection, quote: PayQuote): string[] | undefined {
  if (selection.kind === "open") return undefined;
  if (quote.invoices.length === 0)
    throw new BillingApiError(400, "nothing_to_pay", "None of the chosen invoices is open");
  if (quote.tooMany)
    throw new BillingApiError(
      400,
      "too_many_invoices",
      `One payment settles at most ${MAX_PAYMENT_INVOICES} invoices`,
    );
  return quote.invoices.map((i) => i.id);
}

/** Whether a billing API failure may have happened after the payment was made. */
const answerMayBeLost = (err: unknown) =>
  err instanceof BillingApiError && (err.status === 502 || err.status === 504);

/**
 * POST /v1/payments with the browser's Idempotency-Key. An answer lost on the way back (a cut
 * connection, a timeout) is asked for once more with the same key: the billing API answers the
 * payment it made, or makes it now, never twice.
 */
export async function makePayment(
  caller: Caller,
  input: { selection: PaySelection; amount?: number; paymentMethodId: string; key: string },
): Promise<MadePayment> {
  const quote = await resolveSelection(caller, input.selection);
  const ids = invoiceIdsOf(input.selection, quote);
  const body = {
    ...(ids && { invoice_ids: ids }),
    ...(input.amount !== undefined && { amount: input.amount }),
    payment_method_id: input.paymentMethodId,
  };
  const send = () =>
    billingRequest<unknown>("/v1/payments", {
      ...caller,
      method: "POST",
      body,
      headers: { [IDEMPOTENCY_HEADER]: input.key },
    });
  let dto: unknown;
  try {
    dto = await send();
  } catch (err) {
    if (!answerMayBeLost(err)) throw err;
    dto = await send();
  }
  return reshapeMadePayment(dto);
}

/** POST /v1/payments/pay_now_url: the hosted page for exactly this set. */
export async function requestPayNowSetUrl(
  caller: Caller,
  input: { selection: PaySelection; amount?: number },
): Promise<string> {
  const quote = await resolveSelection(caller, input.selection);
  const ids = invoiceIdsOf(input.selection, quote);
  const dto = await billingRequest<unknown>("/v1/payments/pay_now_url", {
    ...caller,
    method: "POST",
    body: {
      ...(ids && { invoice_ids: ids }),
      ...(input.amount !== undefined && { amount: input.amount }),
    },
  });
  return reshapeSignedUrl(dto, billingApiOrigin());
}

/** GET /v1/payments/getReceiptUrl: the payment's receipt PDF. */
export async function requestReceiptUrl(caller: Caller, paymentId: string): Promise<SignedUrl> {
  const dto = await billingRequest<unknown>("/v1/payments/getReceiptUrl", {
    ...caller,
    query: { payment_id: paymentId },
  });
  return reshapeReceiptUrl(dto, billingApiOrigin());
}
