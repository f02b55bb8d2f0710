/**
 * The hosted add-payment page (GET /v1/paymentMethods/getAddPaymentMethodFormUrl points at it): a
 * plain HTML form standing in for the vendor's hosted card form. Like that page, it hands the
 * number to the gateway's provider (here the provider doubles) and saves only the token.
 */
import { z } from "zod";
import { linkActor } from "../activity/record";
import type { Db, Queryable } from "../db";
import { detectBrand, digitsOf, luhnValid } from "../doubles/card-rules";
import { tokenize } from "../doubles/cardconnect-api";
import { createPaymentMethod } from "../doubles/stripe-api";
import { ApiError } from "../http";
import { forbiddenPage, html, page, type Markup, type PageResponse } from "./html";
import { gatewayFamily, getGateway } from "./gateway";
import { addPaymentPagePath, addPaymentPageUrl, type PageLinks } from "./page-links";
import { addPaymentMethod } from "./payment-methods";
import type { AccountScope } from "./scope";
import { checkSignedPath } from "./signed-links";

/**
 * `{ formUrl }`: the customer's signed, expiring add-payment page, or null when the company takes
 * no cards (the page adds cards only).
 */
export async function getAddPaymentMethodFormUrl(
  q: Queryable,
  scope: AccountScope,
  links: PageLinks,
): Promise<{ formUrl: string | null }> {
  const gateway = await getGateway(q, scope.companyId);
  return { formUrl: gateway.cc_enabled ? addPaymentPageUrl(links, scope.customerId) : null };
}

/** The request as the page sees it; `form` holds the url-encoded fields of a POST. */
export type HostedPageRequest = {
  method: "GET" | "POST";
  query: URLSearchParams;
  form?: Record<string, string>;
};

type CustomerInfo = { id: string; company_id: string; name: string; company_name: string };

type FormState = {
  holderName: string;
  expiry: string;
  makeDefault: boolean;
  errors: Partial<Record<"card_number" | "holder_name" | "expiry", string>>;
  alert?: string;
};

/** Stripe's test numbers, shown as a hint (the Stripe double declines 4000 0000 0000 0002). */
const TEST_CARDS = [
  { number: "4242424242424242", brand: "visa" },
  { number: "5555555555554444", brand: "mastercard" },
  { number: "378282246310005", brand: "amex" },
  { number: "3056930009020004", brand: "dinersclub" },
  { number: "6011111111111117", brand: "discover" },
] as const;

const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  dinersclub: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
};
const brandName = (brand: string) => BRAND_NAMES[brand] ?? brand;

const grouped = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

function fieldError(id: string, message: string | undefined): Markup | null {
  return message ? html`<p class="field-error" id="${id}-error">${message}</p>` : null;
}

const describedBy = (id: string, hint: string | null, error: string | undefined) =>
  [hint, error ? `${id}-error` : null].filter(Boolean).join(" ") || null;

function formPage(
  status: number,
  customer: CustomerInfo,
  allowedCards: string[],
  action: string,
  state: FormState,
): PageResponse {
  const { errors } = state;
  const input = (
    id: string,
    name: string,
    autocomplete: string,
    value: string,
    hint: string | null,
    extra: Markup | null,
  ) => {
    const error = errors[name as keyof FormState["errors"]];
    const described = describedBy(id, hint, error);
    return html`<input
      type="text"
      id="${id}"
      name="${name}"
      autocomplete="${autocomplete}"
      value="${value}"
      required${
        extra ?? ""
      }${error ? html` aria-invalid="true"` : ""}${described ? html` aria-describedby="${described}"` : ""}
    />`;
  };
  return page(
    status,
    `Add a card – ${customer.company_name}`,
    html`<h1>Add a card</h1>
      <p>For <strong>${customer.name}</strong>, paying ${customer.company_name}.</p>
      ${state.alert ? html`<p class="alert" role="alert">${state.alert}</p>` : null}
      <form method="post" action="${action}" novalidate>
        <label for="card-number">Card number</label>
        ${input("card-number", "card_number", "cc-number", "", "card-number-hint", html` inputmode="numeric" spellcheck="false"`)}
        <p class="hint" id="card-number-hint">
          Test cards:
          ${TEST_CARDS.map(
            (c, i) =>
              html`${i > 0 ? ", " : ""}<code>${grouped(c.number)}</code> (${brandName(c.brand)})`,
          )};
          declined: <code>4000 0000 0000 0002</code>. Accepted here:
          ${allowedCards.map(brandName).join(", ")}.
        </p>
        ${fieldError("card-number", errors.card_number)}
        <label for="holder-name">Name on card</label>
        ${input("holder-name", "holder_name", "cc-name", state.holderName, null, null)}
        ${fieldError("holder-name", errors.holder_name)}
        <label for="expiry">Expiry date (MM/YY)</label>
        ${input("expiry", "expiry", "cc-exp", state.expiry, "expiry-hint", html` inputmode="numeric"`)}
        <p class="hint" id="expiry-hint">For example 12/34.</p>
        ${fieldError("expiry", errors.expiry)}
        <label class="check"
          ><input
            type="checkbox"
            name="default"
            value="on"
            ${state.makeDefault ? html` checked` : ""}
          />
          Make this my default payment method</label
        >
        <button type="submit">Add card</button>
      </form>`,
  );
}

async function findCustomer(q: Queryable, customerId: string): Promise<CustomerInfo | null> {
  const [row] = await q.query<CustomerInfo>(
    `SELECT c.id, c.company_id, c.name, co.name AS company_name
       FROM customers c JOIN companies co ON co.id = c.company_id WHERE c.id = $1`,
    [customerId],
  );
  return row ?? null;
}

/** MM/YY or MM/YYYY → month and four-digit year, or null. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

const stripeAnswer = z.union([
  z.object({ id: z.string() }),
  z.object({ error: z.object({ message: z.string() }) }),
]);
const cardSecureAnswer = z.object({ token: z.string(), message: z.string() });

type Card = { number: string; month: number; year: number; holderName: string };

/** The provider's token for the card, or its refusal ("Your card was declined."). */
function tokenizeCard(
  family: string,
  apiKey: string | null,
  card: Card,
  now: number,
): { token: string } | { refusal: string } {
  const unreadable = { refusal: "The payment provider could not be reached. Try again later." };
  if (family === "stripe") {
    const answer = createPaymentMethod(
      {
        key: apiKey ?? "",
        type: "card",
        card: { number: card.number, exp_month: String(card.month), exp_year: String(card.year) },
        billing_details: { name: card.holderName },
      },
      now,
    );
    const body = stripeAnswer.safeParse(answer.body);
    if (!body.success) return unreadable;
    return "id" in body.data ? { token: body.data.id } : { refusal: body.data.error.message };
  }
  const expiry = `${String(card.month).padStart(2, "0")}${String(card.year % 100).padStart(2, "0")}`;
  const answer = tokenize({ account: card.number, expiry }, now);
  const body = cardSecureAnswer.safeParse(answer.body);
  if (!body.success) return unreadable;
  return answer.status === 200 && body.data.token
    ? { token: body.data.token }
    : { refusal: body.data.message };
}

/**
 * GET shows the form; POST tokenizes the card and saves it for the customer, answering a
 * confirmation (200) or the form again with what went wrong (400). A bad or expired signature → 403.
 */
export async function addPaymentMethodPage(
  db: Db,
  links: PageLinks,
  customerId: string,
  req: HostedPageRequest,
): Promise<PageResponse> {
  const path = addPaymentPagePath(customerId);
  const check = checkSignedPath(links.key, path, req.query, links.now);
  if (check !== "valid") return forbiddenPage(check);
  const customer = await findCustomer(db, customerId);
  if (!customer) {
    return page(
      404,
      "Account not found",
      html`<h1>Account not found</h1>
        <p class="alert" role="alert">This account no longer exists.</p>`,
    );
  }
  const gateway = await getGateway(db, customer.company_id);
  const action = `${path}?${req.query.toString()}`;
  if (!gateway.cc_enabled) {
    return page(
      400,
      "Cards not accepted",
      html`<h1>Cards not accepted</h1>
        <p class="alert" role="alert">${customer.company_name} does not take card payments.</p>`,
    );
  }

  const form = req.form ?? {};
  const state: FormState = {
    holderName: (form.holder_name ?? "").trim().slice(0, 100),
    expiry: (form.expiry ?? "").trim().slice(0, 7),
    makeDefault: req.method === "GET" || form.default === "on",
    errors: {},
  };
  if (req.method === "GET") return formPage(200, customer, gateway.allowed_cards, action, state);

  const digits = digitsOf(form.card_number ?? "");
  const number = digits.length >= 12 && digits.length <= 19 && luhnValid(digits) ? digits : null;
  const expiry = parseExpiry(state.expiry);
  if (!number) state.errors.card_number = "Enter a valid card number.";
  if (!state.holderName) state.errors.holder_name = "Enter the name on the card.";
  if (!expiry) state.errors.expiry = "Enter the expiry date as MM/YY.";
  else {
    const today = new Date(links.now);
    if (expiry.year * 12 + expiry.month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
      state.errors.expiry = "The card has expired.";
    }
  }
  if (!number || !expiry || Object.keys(state.errors).length > 0) {
    state.alert = "Please correct the fields marked below.";
    return formPage(400, customer, gateway.allowed_cards, action, state);
  }
  const family = gatewayFamily(gateway.name);
  const card = { number, ...expiry, holderName: state.holderName };
  const tokenized = tokenizeCard(family, gateway.api_key, card, links.now);
  if ("refusal" in tokenized) {
    state.alert = tokenized.refusal;
    return formPage(400, customer, gateway.allowed_cards, action, state);
  }
  try {
    const saved = await db.transaction((tx) =>
      addPaymentMethod(
        tx,
        { companyId: customer.company_id, customerId: customer.id, actor: linkActor },
        {
          payment_method_id: tokenized.token,
          paymentMethod: "CC",
          payment_type: "Credit Card",
          default: state.makeDefault,
          type: detectBrand(number),
          gateway_name: family,
        },
        links,
      ),
    );
    return page(
      200,
      "Card added",
      html`<h1>Card added</h1>
        <p class="success" role="status">
          ${brandName(saved.type)} ending ${saved.account_number.slice(-4)} was added to
          ${customer.name}${saved.default ? " as the default payment method" : ""}.
        </p>
        <p>You can close this tab and reload your account page.</p>
        <p><a href="${action}">Add another card</a></p>`,
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    state.alert = err.message;
    return formPage(err.status, customer, gateway.allowed_cards, action, state);
  }
}
