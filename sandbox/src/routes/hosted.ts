/**
 * The sandbox's hosted HTML pages (outside /v1, in every mode: they stand in for the payment
 * provider's own pages): the add-payment form and the bank-account verification.
 */
import { BodyTooLargeError, readBoundedText } from "@billing-portal/contract/json-body";
import { Hono, type Context } from "hono";
import { addPaymentMethodPage } from "../account/add-payment-page";
import { bankVerificationPage } from "../account/bank-verification-page";
import type { PageResponse } from "../account/html";
import type { SandboxEnv } from "../env";
import { sendText } from "../respond";
import { pageLinks } from "./v1/account-context";

/** Form posts are a few fields; anything larger is not this page's form. */
const MAX_FORM_BYTES = 16 * 1024;

/** The url-encoded fields of a form post (empty when the body is too large or of another type). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return {};
  try {
    const text = await readBoundedText(
      c.req.raw.body,
      c.req.header("content-length"),
      MAX_FORM_BYTES,
    );
    return Object.fromEntries(new URLSearchParams(text));
  } catch (err) {
    if (err instanceof BodyTooLargeError) return {};
    throw err;
  }
}

const answer = (c: Context, p: PageResponse) =>
  sendText(c, p.status, p.html, p.headers["Content-Type"] ?? "text/html; charset=utf-8", p.headers);

const query = (c: Context) => new URL(c.req.url).searchParams;

export const hostedRoutes = new Hono<SandboxEnv>();

// GET /hosted/add-payment-method/:customerId?expires&signature – the card form; bad signature → 403
hostedRoutes.get("/add-payment-method/:customerId", async (c) => {
  const { app } = c.var;
  const links = pageLinks(c, app);
  const req = { method: "GET" as const, query: query(c) };
  return answer(c, await addPaymentMethodPage(app.db, links, c.req.param("customerId"), req));
});

// POST /hosted/add-payment-method/:customerId?expires&signature – tokenizes and saves the card
hostedRoutes.post("/add-payment-method/:customerId", async (c) => {
  const { app } = c.var;
  const links = pageLinks(c, app);
  const req = { method: "POST" as const, query: query(c), form: await formFields(c) };
  return answer(c, await addPaymentMethodPage(app.db, links, c.req.param("customerId"), req));
});

// GET /hosted/verify-bank-account/:token?expires&signature – the account and its Verify button
hostedRoutes.get("/verify-bank-account/:token", async (c) => {
  const { app } = c.var;
  const req = { method: "GET" as const, query: query(c) };
  return answer(
    c,
    await bankVerificationPage(app.db, pageLinks(c, app), c.req.param("token"), req),
  );
});

// POST /hosted/verify-bank-account/:token?expires&signature – marks the account verified
hostedRoutes.post("/verify-bank-account/:token", async (c) => {
  const { app } = c.var;
  const req = { method: "POST" as const, query: query(c) };
  return answer(
    c,
    await bankVerificationPage(app.db, pageLinks(c, app), c.req.param("token"), req),
  );
});
