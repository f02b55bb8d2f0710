/**
 * The hosted pay-now page (outside /v1, in every mode: it stands in for the payment provider's
 * checkout). Mounted at /hosted beside the account pages of hosted.ts.
 */
import { Hono, type Context } from "hono";
import type { PageResponse } from "../account/html";
import type { App } from "../app";
import { payNowPage, type PayNowContext } from "../documents/pay-now/page";
import { payNowSetPage } from "../documents/pay-now/set-page";
import type { SandboxEnv } from "../env";
import { sendText } from "../respond";
import { portalOrigin } from "../store/companies";
import { formFields } from "./hosted";
import { pageLinks } from "./v1/account-context";

/** Link signing, clock and the portal's address for one request. */
export function payNowContext(c: Context, app: App): PayNowContext {
  const { origin, key, now } = pageLinks(c, app);
  return { origin, key, now, portalOrigin: (company) => portalOrigin(app.config, company) };
}

const send = (c: Context, p: PageResponse) =>
  sendText(c, p.status, p.html, p.headers["Content-Type"] ?? "text/html; charset=utf-8", p.headers);

async function answer(c: Context<SandboxEnv>, method: "GET" | "POST"): Promise<Response> {
  const { app } = c.var;
  const form = method === "POST" ? await formFields(c) : undefined;
  const p = await payNowPage(app.db, payNowContext(c, app), c.req.param("customerId") ?? "", {
    method,
    query: new URL(c.req.url).searchParams,
    form,
  });
  return send(c, p);
}

async function answerSet(c: Context<SandboxEnv>, method: "GET" | "POST"): Promise<Response> {
  const { app } = c.var;
  const form = method === "POST" ? await formFields(c) : undefined;
  const p = await payNowSetPage(
    app.db,
    payNowContext(c, app),
    c.req.param("customerId") ?? "",
    c.req.param("setId") ?? "",
    { method, query: new URL(c.req.url).searchParams, form },
  );
  return send(c, p);
}

export const payNowPageRoutes = new Hono<SandboxEnv>();

// GET /hosted/pay-now/:customerId?expires&signature[&cp_request=true] – open invoices and the Pay button
payNowPageRoutes.get("/pay-now/:customerId", (c) => answer(c, "GET"));

// POST /hosted/pay-now/:customerId?expires&signature {quote} – pays the quoted invoices once
payNowPageRoutes.post("/pay-now/:customerId", (c) => answer(c, "POST"));

// GET /hosted/pay-now/:customerId/sets/:setId?expires&signature – the set, its total and a card form
payNowPageRoutes.get("/pay-now/:customerId/sets/:setId", (c) => answerSet(c, "GET"));

// POST /hosted/pay-now/:customerId/sets/:setId?expires&signature {quote, card} – pays the set once
payNowPageRoutes.post("/pay-now/:customerId/sets/:setId", (c) => answerSet(c, "POST"));
