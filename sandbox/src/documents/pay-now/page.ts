/**
 * The hosted pay-now page (GET /v1/payments/getPayNowUrl points at it): the company, the open
 * invoices with their balances, the total due and a "Pay $X" button. Posting the form pays
 * (payment.ts) and shows a confirmation with a way back to the portal. The portal's
 * `cp_request=true` is accepted and ignored: only `expires` and `signature` are read.
 */
import type { Db } from "../../db";
import { forbiddenPage, html, page, type Markup, type PageResponse } from "../../account/html";
import { checkSignedPath, signedUrl } from "../../account/signed-links";
import { formatDay, formatMoney } from "../display";
import {
  loadPayNow,
  payQuote,
  quoteLines,
  readQuote,
  signQuote,
  totalsByCurrency,
  type PayNowCustomer,
  type QuoteLine,
} from "./payment";

export const PAY_NOW_PAGE_PREFIX = "/hosted/pay-now/";

/** Where a customer's pay-now page lives. */
export const payNowPagePath = (customerId: string) =>
  `${PAY_NOW_PAGE_PREFIX}${encodeURIComponent(customerId)}`;

/** What the page needs besides the database: link signing, the clock and the portal's address. */
export type PayNowContext = {
  origin: string;
  key: Buffer;
  now: number;
  /** The company's portal origin (`http://<domain>:<PORTAL_PORT>`). */
  portalOrigin: (company: { domain: string }) => string;
};

/** The signed, expiring pay-now link of a customer (`{ payNowUrl }`). */
export const payNowUrl = (ctx: Pick<PayNowContext, "origin" | "key" | "now">, customerId: string) =>
  signedUrl(ctx.key, ctx.origin, payNowPagePath(customerId), ctx.now);

export type PayNowRequest = {
  method: "GET" | "POST";
  query: URLSearchParams;
  form?: Record<string, string>;
};

const total = (lines: QuoteLine[]) =>
  totalsByCurrency(lines)
    .map((t) => formatMoney(t.cents / 100, t.currency))
    .join(" + ");

function backToPortal(ctx: PayNowContext, customer: PayNowCustomer): Markup {
  const href = `${ctx.portalOrigin({ domain: customer.company_domain })}/portal/dashboard`;
  return html`<p><a href="${href}">Back to ${customer.company_name}'s billing portal</a></p>`;
}

/** A page that says one thing (paid, refused, …) and links back to the portal. */
export function message(
  status: number,
  title: string,
  tone: "success" | "alert",
  text: string,
  ctx: PayNowContext,
  customer: PayNowCustomer,
  extra: Markup | null = null,
): PageResponse {
  return page(
    status,
    `${title} – ${customer.company_name}`,
    html`<h1>${title}</h1>
      <p class="${tone}" role="${tone === "alert" ? "alert" : "status"}">${text}</p>
      ${extra} ${backToPortal(ctx, customer)}`,
  );
}

function formPage(
  ctx: PayNowContext,
  customer: PayNowCustomer,
  invoices: { id: string; due_date: string; balance: string; currency: string }[],
  action: string,
): PageResponse {
  const lines = quoteLines(invoices);
  const token = signQuote(ctx.key, {
    customerId: customer.id,
    expires: Math.floor(ctx.now / 1000) + 3600,
    lines,
  });
  const due = total(lines);
  return page(
    200,
    `Pay now – ${customer.company_name}`,
    html`<h1>Pay ${customer.company_name}</h1>
      <p>For <strong>${customer.name}</strong>.</p>
      <table>
        <caption>
          Open invoices
        </caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Due date</th>
            <th scope="col">Balance</th>
          </tr>
        </thead>
        <tbody>
          ${invoices.map(
            (i) =>
              html`<tr>
                <th scope="row">${i.id}</th>
                <td>${formatDay(i.due_date)}</td>
                <td>${formatMoney(Number(i.balance), i.currency)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p id="total-due">Total due: <strong>${due}</strong></p>
      <form method="post" action="${action}">
        <input type="hidden" name="quote" value="${token}" />
        <button type="submit" aria-describedby="total-due">Pay ${due}</button>
      </form>`,
  );
}

/** GET: the open invoices and the Pay button; POST: pays them. Bad or expired link → 403. */
export async function payNowPage(
  db: Db,
  ctx: PayNowContext,
  customerId: string,
  req: PayNowRequest,
): Promise<PageResponse> {
  const path = payNowPagePath(customerId);
  const check = checkSignedPath(ctx.key, path, req.query, ctx.now);
  if (check !== "valid") return forbiddenPage(check);
  const loaded = await loadPayNow(db, customerId);
  if (!loaded) {
    return page(
      404,
      "Account not found",
      html`<h1>Account not found</h1>
        <p class="alert" role="alert">This account no longer exists.</p>`,
    );
  }
  const { customer, invoices } = loaded;
  const action = `${path}?${req.query.toString()}`;

  if (req.method === "GET") {
    if (invoices.length === 0) {
      return message(200, "Nothing to pay", "success", "You have no open invoices.", ctx, customer);
    }
    return formPage(ctx, customer, invoices, action);
  }

  const quote = readQuote(ctx.key, req.form?.quote ?? "", customerId, ctx.now);
  if (!quote) {
    return message(
      400,
      "Payment not made",
      "alert",
      "This payment form is no longer valid. Nothing was charged.",
      ctx,
      customer,
      html`<p><a href="${action}">Open the payment page again</a></p>`,
    );
  }
  const outcome = await db.transaction((tx) => payQuote(tx, quote, ctx.now));
  if (outcome.kind === "already_paid") {
    return message(
      409,
      "Already paid",
      "alert",
      "These invoices have already been paid. Nothing was charged.",
      ctx,
      customer,
    );
  }
  if (outcome.kind === "changed") {
    return message(
      409,
      "Amount changed",
      "alert",
      "The amount due changed since this page was opened. Nothing was charged.",
      ctx,
      customer,
      html`<p><a href="${action}">See the current amount due</a></p>`,
    );
  }
  const paid = outcome.payments.map((p) => formatMoney(p.cents / 100, p.currency)).join(" + ");
  const ids = outcome.payments.flatMap((p) => p.invoiceIds);
  return message(
    200,
    "Payment received",
    "success",
    `Thank you. ${paid} was paid to ${customer.company_name}.`,
    ctx,
    customer,
    html`<p>
      Payment ${outcome.payments.map((p) => p.id).join(", ")} settles ${ids.length}
      ${ids.length === 1 ? "invoice" : "invoices"}: ${ids.join(", ")}.
    </p>`,
  );
}
