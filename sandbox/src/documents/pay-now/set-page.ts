/**
 * The hosted pay-now page for a chosen set (POST /v1/payments/pay_now_url points at it,
 * docs/CONTRACT.md §5 "Pay-now page"): the company, the customer, exactly the set's invoices with
 * their balances (and, for an amount, how it is applied: oldest due first, the last one partly),
 * the total and a card form. Posting the form charges the card through the gateway's provider
 * double and records one payment (src/payments/pay-now-sets.ts); a decline shows the provider's
 * reason and the form again, with what was typed except the card number and CVC.
 *
 * The form carries a signed quote of the set as shown (a digest of its balances and amount), so a
 * stale page pays nothing; the set itself remembers its payment, so a second submission pays nothing either.
 */
import { createHmac } from "node:crypto";
import { z } from "zod";
import { gatewayFamily, getGateway } from "../../account/gateway";
import { forbiddenPage, html, page, type Markup, type PageResponse } from "../../account/html";
import { checkSignedPath, signedUrl } from "../../account/signed-links";
import type { Db } from "../../db";
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkExpiryDate,
  detectBrand,
  digitsOf,
  MESSAGES,
  parseExpiry,
} from "../../doubles/card-rules";
import { CARDCONNECT_TEST_CARDS } from "../../doubles/cardconnect-api";
import type { CardDetails } from "../../doubles/card-checkout";
import { ApiError } from "../../http";
import { allocate, type PaymentSet } from "../../payments/create";
import {
  checkPayNowSet,
  findPayNowSet,
  payPayNowSet,
  quoteDigest,
  type SetPayment,
} from "../../payments/pay-now-sets";
import { formatDay, formatMoney } from "../display";
import { message, payNowPagePath, type PayNowContext, type PayNowRequest } from "./page";
import { openSignedPayload, type PayNowCustomer } from "./payment";

/** Where the page of a customer's set lives. */
export const payNowSetPath = (customerId: string, setId: string) =>
  `${payNowPagePath(customerId)}/sets/${encodeURIComponent(setId)}`;

/** The signed, expiring link to a set's page (`{ payNowUrl }`). */
export const payNowSetUrl = (
  ctx: Pick<PayNowContext, "origin" | "key" | "now">,
  customerId: string,
  setId: string,
) => signedUrl(ctx.key, ctx.origin, payNowSetPath(customerId, setId), ctx.now);

// ---------------------------------------------------------------------------------------------
// The quote the form carries

const QUOTE_TTL_SECONDS = 3600;

// Its own label: a set's quote can pass neither for a link signature nor for the quote of the
// customer's all-open-invoices page (payment.ts).
const quoteMac = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`pay-now set quote\n${payload}`).digest("base64url");

function signQuote(
  key: Buffer,
  customerId: string,
  setId: string,
  now: number,
  digest: string,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      c: customerId,
      s: setId,
      e: Math.floor(now / 1000) + QUOTE_TTL_SECONDS,
      d: digest,
    }),
  ).toString("base64url");
  return `${payload}.${quoteMac(key, payload)}`;
}

const quotePayload = z.object({
  c: z.string(),
  s: z.string(),
  e: z.number().int(),
  d: z.string().max(100),
});

/** The digest a token signed for this customer's set quotes, if not yet expired, else null. */
function readQuote(
  key: Buffer,
  token: string,
  customerId: string,
  setId: string,
  now: number,
): string | null {
  const opened = openSignedPayload(token, (payload) => quoteMac(key, payload), quotePayload);
  if (!opened) return null;
  const { c, s, e, d } = opened;
  if (c !== customerId || s !== setId || e * 1000 <= now) return null;
  return d;
}

// ---------------------------------------------------------------------------------------------
// The card form

type Field = "holder_name" | "card_number" | "expiry" | "cvc";

/** What the form shows again: the name and expiry as typed (never the number or CVC), errors. */
type FormState = { holderName: string; expiry: string; errors: Partial<Record<Field, string>> };

/** Reads the posted card with the Stripe double's rules (Stripe.js's messages). */
function readCard(
  form: Record<string, string>,
  now: number,
): { state: FormState; card: CardDetails | null } {
  const state: FormState = {
    holderName: (form.holder_name ?? "").trim().slice(0, 200),
    expiry: (form.expiry ?? "").trim().slice(0, 9),
    errors: {},
  };
  // Cut to more than any valid length, so an overlong entry still reads as invalid.
  const number = digitsOf(form.card_number ?? "").slice(0, 30);
  const cvc = (form.cvc ?? "").trim().slice(0, 8);
  if (!state.holderName) state.errors.holder_name = "Enter the name on the card.";
  const numberCheck = checkCardNumber(number);
  if (!numberCheck.complete) {
    state.errors.card_number = (numberCheck.error ?? numberCheck.incompleteError)?.message;
  }
  const expiry = parseExpiry(state.expiry);
  const expiryError = expiry
    ? checkExpiryDate(expiry.month, expiry.year, new Date(now))
    : (checkExpiry(state.expiry, new Date(now)).error ?? MESSAGES.incompleteExpiry);
  if (expiryError) state.errors.expiry = expiryError.message;
  const cvcCheck = checkCvc(cvc, detectBrand(number));
  if (!cvcCheck.complete) state.errors.cvc = cvcCheck.incompleteError?.message;
  if (!expiry || Object.keys(state.errors).length > 0) return { state, card: null };
  return {
    state,
    card: {
      number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc,
      holderName: state.holderName,
    },
  };
}

const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The provider's test cards, as a hint under the number. */
function testCards(family: string): Markup {
  if (family === "stripe") {
    return html`Test cards: <code>4242 4242 4242 4242</code> is charged;
      <code>4000 0000 0000 0002</code> is declined, <code>4000 0000 0000 9995</code> has
      insufficient funds, <code>4000 0000 0000 0341</code> is declined when charged.`;
  }
  return html`Test cards:
  ${CARDCONNECT_TEST_CARDS.map((n, i) => html`${i > 0 ? " and " : ""}<code>${grouped(n)}</code>`)}.`;
}

type InputSpec = {
  field: Field;
  id: string;
  label: string;
  autocomplete: string;
  value: string;
  extra?: Markup;
  hint?: Markup;
};

/** A labelled text input, its hint and its error (both tied to it by aria-describedby). */
function input(
  state: FormState,
  { field, id, label, autocomplete, value, extra, hint }: InputSpec,
): Markup {
  const error = state.errors[field];
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return html`<label for="${id}">${label}</label>
    <input
      type="text"
      id="${id}"
      name="${field}"
      autocomplete="${autocomplete}"
      value="${value}"
      required${extra ?? ""}${error ? html` aria-invalid="true"` : ""}${
        described ? html` aria-describedby="${described}"` : ""
      }
    />
    ${hint ? html`<p class="hint" id="${id}-hint">${hint}</p>` : null}
    ${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null}`;
}

// ---------------------------------------------------------------------------------------------
// Pages

const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

const notFoundPage = () =>
  page(
    404,
    "Payment page not found",
    html`<h1>Payment page not found</h1>
      <p class="alert" role="alert">This payment page does not exist.</p>`,
  );

/** A set that the checks of POST /v1/payments now refuse (paid elsewhere, void, …). */
function refusedPage(err: ApiError, ctx: PayNowContext, customer: PayNowCustomer): PageResponse {
  return message(
    err.status === 404 ? 404 : 409,
    "Payment not possible",
    "alert",
    `${err.message}. Nothing was charged.`,
    ctx,
    customer,
  );
}

type FormPage = {
  status: number;
  ctx: PayNowContext;
  customer: PayNowCustomer;
  setId: string;
  set: PaymentSet;
  family: string;
  action: string;
  state: FormState;
  alert?: string;
};

function formPage(p: FormPage): PageResponse {
  const { ctx, customer, set, state } = p;
  const token = signQuote(ctx.key, customer.id, p.setId, ctx.now, quoteDigest(set));
  const partial = set.amount < set.balance;
  const applied = new Map(allocate(set.invoices, set.amount).map((a) => [a.id, a]));
  const total = money(set.amount, set.currency);
  const fieldErrors = Object.keys(state.errors).length > 0;
  const alert = p.alert ?? (fieldErrors ? "Please correct the fields marked below." : undefined);
  return page(
    p.status,
    `Pay now – ${customer.company_name}`,
    html`<h1>Pay ${customer.company_name}</h1>
      <p>For <strong>${customer.name}</strong>.</p>
      ${alert ? html`<p class="alert" role="alert">${alert}</p>` : null}
      <table>
        <caption>
          Invoices paid here
        </caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Due date</th>
            <th scope="col">Balance</th>
            ${
              partial
                ? html`<th scope="col">Paying now</th>
                    <th scope="col">Balance after</th>`
                : null
            }
          </tr>
        </thead>
        <tbody>
          ${set.invoices.map((i) => {
            const a = applied.get(i.id);
            return html`<tr>
              <th scope="row">${i.id}</th>
              <td>${formatDay(i.due_date)}</td>
              <td>${money(i.balance, set.currency)}</td>
              ${
                partial
                  ? html`<td>${money(a?.amount ?? 0, set.currency)}</td>
                      <td>${money(a?.after ?? i.balance, set.currency)}</td>`
                  : null
              }
            </tr>`;
          })}
        </tbody>
      </table>
      <p id="total-due">
        Total: <strong>${total}</strong>${
          partial
            ? html` of ${money(set.balance, set.currency)} due, applied oldest due first`
            : null
        }
      </p>
      <form method="post" action="${p.action}" novalidate>
        <input type="hidden" name="quote" value="${token}" />
        ${input(state, {
          field: "holder_name",
          id: "holder-name",
          label: "Cardholder name",
          autocomplete: "cc-name",
          value: state.holderName,
        })}
        ${input(state, {
          field: "card_number",
          id: "card-number",
          label: "Card number",
          autocomplete: "cc-number",
          value: "",
          extra: html` inputmode="numeric" spellcheck="false"`,
          hint: testCards(p.family),
        })}
        ${input(state, {
          field: "expiry",
          id: "expiry",
          label: "Expiry date (MM / YY)",
          autocomplete: "cc-exp",
          value: state.expiry,
          extra: html` inputmode="numeric" placeholder="MM / YY"`,
        })}
        ${input(state, {
          field: "cvc",
          id: "cvc",
          label: "CVC",
          autocomplete: "cc-csc",
          value: "",
          extra: html` inputmode="numeric"`,
        })}
        <button type="submit" aria-describedby="total-due">Pay ${total}</button>
      </form>`,
  );
}

function paidPage(
  ctx: PayNowContext,
  customer: PayNowCustomer,
  set: PaymentSet,
  paymentId: string,
  allocations: { id: string; amount: number; after: number }[],
  last4: string,
): PageResponse {
  const paid = money(set.amount, set.currency);
  return message(
    200,
    "Payment received",
    "success",
    `Thank you. ${paid} was paid to ${customer.company_name}.`,
    ctx,
    customer,
    html`<p>Payment <strong>${paymentId}</strong>, by the card ending ${last4}.</p>
      <table>
        <caption>
          Applied to
        </caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            <th scope="col">Paid</th>
            <th scope="col">Balance after</th>
          </tr>
        </thead>
        <tbody>
          ${allocations.map(
            (a) =>
              html`<tr>
                <th scope="row">${a.id}</th>
                <td>${money(a.amount, set.currency)}</td>
                <td>${money(a.after, set.currency)}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  );
}

/**
 * GET: the set and the card form; POST: pays it with the card typed. A bad or expired link → 403;
 * an unknown set, or another customer's → 404.
 */
export async function payNowSetPage(
  db: Db,
  ctx: PayNowContext,
  customerId: string,
  setId: string,
  req: PayNowRequest,
): Promise<PageResponse> {
  const path = payNowSetPath(customerId, setId);
  const check = checkSignedPath(ctx.key, path, req.query, ctx.now);
  if (check !== "valid") return forbiddenPage(check);
  const found = await findPayNowSet(db, customerId, setId);
  if (!found) return notFoundPage();
  const { customer, set: stored } = found;
  const action = `${path}?${req.query.toString()}`;
  const alreadyPaid = (status: number, id: string) =>
    message(
      status,
      "Already paid",
      status === 200 ? "success" : "alert",
      status === 200
        ? `These invoices were paid with payment ${id}.`
        : `These invoices have already been paid (payment ${id}). Nothing was charged.`,
      ctx,
      customer,
    );
  if (stored.payment_id !== null) {
    return alreadyPaid(req.method === "GET" ? 200 : 409, stored.payment_id);
  }
  const family = gatewayFamily((await getGateway(db, customer.company_id)).name);
  const form = (status: number, set: PaymentSet, state: FormState, alert?: string) =>
    formPage({ status, ctx, customer, setId, set, family, action, state, alert });
  const showForm = async (status: number, state: FormState) => {
    try {
      return form(status, await checkPayNowSet(db, customer, stored), state);
    } catch (err) {
      if (err instanceof ApiError) return refusedPage(err, ctx, customer);
      throw err;
    }
  };

  if (req.method === "GET") return showForm(200, { holderName: "", expiry: "", errors: {} });

  const fields = req.form ?? {};
  const quote = readQuote(ctx.key, fields.quote ?? "", customerId, setId, ctx.now);
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
  const { state, card } = readCard(fields, ctx.now);
  if (!card) return showForm(400, state);

  let outcome: SetPayment | null;
  try {
    outcome = await db.transaction((tx) =>
      payPayNowSet(tx, customerId, setId, quote, card, ctx.now),
    );
  } catch (err) {
    if (err instanceof ApiError) return refusedPage(err, ctx, customer);
    throw err;
  }
  if (!outcome) return notFoundPage();
  switch (outcome.kind) {
    case "already_paid":
      return alreadyPaid(409, outcome.paymentId);
    case "changed":
      return message(
        409,
        "Amount changed",
        "alert",
        "The amount due changed since this page was opened. Nothing was charged.",
        ctx,
        customer,
        html`<p><a href="${action}">See the current amount due</a></p>`,
      );
    case "declined":
      return form(402, outcome.set, state, outcome.message);
    case "paid":
      return paidPage(
        ctx,
        customer,
        outcome.set,
        outcome.payment.id,
        outcome.payment.allocations,
        card.number.slice(-4),
      );
  }
}
