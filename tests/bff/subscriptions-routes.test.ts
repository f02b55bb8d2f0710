import { describe, expect, it } from "vitest";
import { GET as plan } from "@/app/api/plans/[id]/route";
import { GET as plans } from "@/app/api/plans/route";
import { GET as cancelDate } from "@/app/api/subscriptions/[id]/cancel-date/route";
import { GET as cancelPreview } from "@/app/api/subscriptions/[id]/cancel-preview/route";
import { POST as cancel } from "@/app/api/subscriptions/[id]/cancel/route";
import { POST as preview } from "@/app/api/subscriptions/[id]/preview/route";
import { POST as reactivate } from "@/app/api/subscriptions/[id]/reactivate/route";
import { PUT as apply } from "@/app/api/subscriptions/[id]/route";
import { GET as subscriptions } from "@/app/api/subscriptions/route";
import type { Plan, Subscription } from "@/lib/schemas/subscriptions";
import {
  bffRequest,
  fail,
  makeSession,
  noParams,
  ok,
  sessionCookieHeader,
  setUpSignedInRoutes,
} from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes();

/** Calls to /v1 besides the portal configuration every request reads. */
const apiCalls = () => upstream.calls.filter((c) => c.path !== "/v1/portalConfiguration");
const send = (path: string, method: string, body: unknown = {}, headers = {}) =>
  bffRequest(path, { method, body, cookie: cookie(), headers });
const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

const field = (value: unknown, over: Record<string, unknown> = {}) => ({
  value,
  display_name: "Label",
  type: "text",
  editable: false,
  enabled: true,
  column_enabled: false,
  detail_enabled: false,
  orderNo: 1,
  ...over,
});

const chargeDto = (over: Record<string, unknown> = {}) => ({
  id: field("SCH-1", { display_name: "Charge ID" }),
  charge_name: field("Seats", { display_name: "Charge", column_enabled: true }),
  charge_type: field("Recurring"),
  pricing_model: field("per_unit"),
  billing_period: field("monthly"),
  quantity: field(3, { type: "number", editable: true }),
  list_price: field(12.5, { type: "currency" }),
  list_price_base: field("per unit"),
  ...over,
});

const subscriptionDto = (over: Record<string, unknown> = {}) => ({
  id: field("SUB-1", { display_name: "Subscription ID", orderNo: 1 }),
  status: field("active", { display_name: "Status", orderNo: 2 }),
  name: field("Water service", { display_name: "Name", editable: true, orderNo: 3 }),
  // Malformed: an object value. Dropped, the rest kept.
  po_number: field({ nested: true }),
  // Flags missing: defaults (shown, not editable, in no panel), order from its place.
  currency: { value: "usd", display_name: "Currency", type: "text" },
  plans: [
    {
      id: field("SPL-1"),
      plan_id: field("PLN-1"),
      plan_name: field("Basic"),
      charges: [
        chargeDto(),
        chargeDto({
          id: field("SCH-2"),
          charge_name: field("Usage"),
          charge_type: field("Usage based"),
          pricing_model: field("usage_based"),
          quantity: field(null, { type: "number" }),
        }),
        // No id: nothing could act on it, dropped.
        { charge_name: field("Ghost") },
      ],
      actions: [
        { name: "Delete Plan", actionable: true },
        { name: "Upgrade / Downgrade Plan" },
        { actionable: true },
      ],
    },
  ],
  actions: [
    { name: "Cancel", actionable: true },
    { name: "Change", actionable: false },
  ],
  ...over,
});

const planDto = (over: Record<string, unknown> = {}) => ({
  id: "PLN-1",
  name: "Basic",
  status: "active",
  description: null,
  billing_period: "monthly",
  currency: "USD",
  charges: [
    {
      id: "CHG-1",
      name: "Seats",
      type: "Recurring",
      pricing_model: "volume",
      amount: 20,
      charge_timing: "in_advance",
      list_price: 10,
      billing_period: "monthly",
      default_quantity: 2,
      unit_of_measure: null,
      tiers: [
        { up_to: 10, price: 10 },
        { up_to: null, price: 8 },
      ],
    },
  ],
  ...over,
});

const previewDto = {
  prior_invoice: { invoice_amount: 100 },
  current_invoice: { invoice_amount: -12.5 },
  next_invoice: { invoice_amount: 120 },
  contract_effective_date: "2026-12-01",
  currency: "USD",
};

describe("GET /api/subscriptions", () => {
  it("reshapes the field objects into the app's shape, order kept, a malformed field dropped", async () => {
    upstream.on("GET", "/v1/subscriptions", ok({ subscriptions: [subscriptionDto()] }));
    const res = await subscriptions(get("/api/subscriptions?status=active"), noParams());
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<{ subscriptions: Subscription[] }>(res);
    expect(body.subscriptions).toHaveLength(1);
    const sub = body.subscriptions[0] as Subscription;
    expect(sub).toMatchObject({ id: "SUB-1", status: "active", currency: "USD" });
    expect(sub.fields.map((f) => f.key)).toEqual(["id", "status", "name", "currency"]);
    expect(sub.fields[2]).toEqual({
      key: "name",
      label: "Name",
      value: "Water service",
      type: "text",
      editable: true,
      enabled: true,
      columnEnabled: false,
      detailEnabled: false,
      order: 3,
    });
    expect(sub.fields[3]).toEqual({
      key: "currency",
      label: "Currency",
      value: "usd",
      type: "text",
      editable: false,
      enabled: true,
      columnEnabled: false,
      detailEnabled: false,
      order: 4,
    });
    expect(sub.actions).toEqual([
      { name: "Cancel", actionable: true },
      { name: "Change", actionable: false },
    ]);
    const [planLine] = sub.plans;
    expect(planLine).toMatchObject({ id: "SPL-1", planId: "PLN-1", name: "Basic" });
    expect(planLine?.fields.map((f) => f.key)).toEqual(["id", "plan_id", "plan_name"]);
    expect(planLine?.actions).toEqual([
      { name: "Delete Plan", actionable: true },
      { name: "Upgrade / Downgrade Plan", actionable: false },
    ]);
    expect(planLine?.charges.map((c) => c.id)).toEqual(["SCH-1", "SCH-2"]);
    expect(planLine?.charges[0]).toMatchObject({
      name: "Seats",
      pricingModel: "per_unit",
      billingPeriod: "monthly",
      quantity: 3,
      usageBased: false,
    });
    expect(planLine?.charges[0]?.fields.map((f) => f.key)).toEqual([
      "id",
      "charge_name",
      "charge_type",
      "pricing_model",
      "billing_period",
      "quantity",
      "list_price",
      "list_price_base",
    ]);
    expect(planLine?.charges[1]).toMatchObject({
      pricingModel: "usage_based",
      quantity: null,
      usageBased: true,
    });
  });

  it("sends the session's customer and the status filter, and drops a subscription without an id", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions",
      ok({ subscriptions: [subscriptionDto({ id: field(null) }), subscriptionDto()] }),
    );
    const res = await subscriptions(
      get("/api/subscriptions?status=cancelled&customer_id=c-evil"),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect((await json<{ subscriptions: unknown[] }>(res)).subscriptions).toHaveLength(1);
    const [call] = upstream.callsTo("GET", "/v1/subscriptions");
    expect(call?.query.get("customer_id")).toBe("c-1");
    expect(call?.query.get("filter_options[subscriptions][0][status]")).toBe("cancelled");
    expect(call?.headers.authorization).toBe("Bearer access-0");
  });

  it("answers 404 when the session has no selected customer, without calling upstream", async () => {
    const res = await subscriptions(
      bffRequest("/api/subscriptions", {
        method: "GET",
        cookie: await sessionCookieHeader(makeSession({ selectedCustomerId: null })),
      }),
      noParams(),
    );
    expect(res.status).toBe(404);
    expect(apiCalls()).toHaveLength(0);
  });

  it("defaults to the active sub-tab", async () => {
    upstream.on("GET", "/v1/subscriptions", ok({ subscriptions: [] }));
    const res = await subscriptions(get("/api/subscriptions"), noParams());
    expect(await json(res)).toEqual({ subscriptions: [] });
    expect(
      upstream
        .callsTo("GET", "/v1/subscriptions")[0]
        ?.query.get("filter_options[subscriptions][0][status]"),
    ).toBe("active");
  });

  it("answers 422 to an unknown status, without calling upstream", async () => {
    const res = await subscriptions(get("/api/subscriptions?status=draft"), noParams());
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      error: { code: "validation", fields: { status: expect.any(String) } },
    });
    expect(apiCalls()).toHaveLength(0);
  });

  it("answers 401 without a session, without calling upstream", async () => {
    const res = await subscriptions(
      bffRequest("/api/subscriptions", { method: "GET" }),
      noParams(),
    );
    expect(res.status).toBe(401);
    expect(apiCalls()).toHaveLength(0);
  });

  it("answers 502 when the list is not the expected shape", async () => {
    upstream.on("GET", "/v1/subscriptions", ok({ subs: [] }));
    const res = await subscriptions(get("/api/subscriptions"), noParams());
    expect(res.status).toBe(502);
    expect((await json<{ error: Record<string, unknown> }>(res)).error.detail).toBeUndefined();
  });
});

describe("PUT /api/subscriptions/:id", () => {
  it("applies a fields-only change by PUT /v1/subscriptions/{id}", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1", ok({ subscription: subscriptionDto() }));
    const res = await apply(
      send("/api/subscriptions/SUB-1", "PUT", { fields: { name: "Renamed", po_number: null } }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect((await json<{ subscription: Subscription }>(res)).subscription.id).toBe("SUB-1");
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1")[0]?.body).toEqual({
      fields: { name: "Renamed", po_number: null },
    });
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/change")).toHaveLength(0);
  });

  it("applies any other change by PUT …/change with a snake_case body", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/change",
      ok({ subscription: subscriptionDto(), preview: previewDto }),
    );
    const res = await apply(
      send("/api/subscriptions/SUB-1", "PUT", {
        fields: { name: "Renamed" },
        charges: [{ id: "SCH-1", quantity: 4 }],
        addPlans: [{ planId: "PLN-2", charges: [{ chargeId: "CHG-9", quantity: 1 }] }],
        removePlans: ["SPL-1"],
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/change")[0]?.body).toEqual({
      fields: { name: "Renamed" },
      charges: [{ id: "SCH-1", quantity: 4 }],
      add_plans: [{ plan_id: "PLN-2", charges: [{ charge_id: "CHG-9", quantity: 1 }] }],
      remove_plans: ["SPL-1"],
    });
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1")).toHaveLength(0);
  });

  it("passes the upstream's message as detail on a 400 refusal", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/change",
      fail(400, "invalid_request", "  The last plan cannot be removed.  "),
    );
    const res = await apply(
      send("/api/subscriptions/SUB-1", "PUT", { removePlans: ["SPL-1"] }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: {
        code: "invalid_request",
        message: "errors.generic",
        detail: "The last plan cannot be removed.",
      },
    });
  });

  it("answers 422 to an empty change, a negative quantity or an odd id, without calling upstream", async () => {
    const empty = await apply(send("/api/subscriptions/SUB-1", "PUT", {}), idCtx("SUB-1"));
    expect(empty.status).toBe(422);
    const negative = await apply(
      send("/api/subscriptions/SUB-1", "PUT", { charges: [{ id: "SCH-1", quantity: -1 }] }),
      idCtx("SUB-1"),
    );
    expect(negative.status).toBe(422);
    expect(await json(negative)).toMatchObject({
      error: { fields: { "charges.0.quantity": "subscriptions.validation.quantity" } },
    });
    const badId = await apply(
      send("/api/subscriptions/x", "PUT", { fields: { name: "A" } }),
      idCtx("../v1/plans"),
    );
    expect(badId.status).toBe(404);
    expect(apiCalls()).toHaveLength(0);
  });

  it("answers 403 to a foreign origin and without the CSRF header", async () => {
    const body = { fields: { name: "A" } };
    const foreign = await apply(
      send("/api/subscriptions/SUB-1", "PUT", body, { origin: "https://evil.example" }),
      idCtx("SUB-1"),
    );
    expect(foreign.status).toBe(403);
    const noCsrf = await apply(
      send("/api/subscriptions/SUB-1", "PUT", body, { "x-csrf": "" }),
      idCtx("SUB-1"),
    );
    expect(noCsrf.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("POST /api/subscriptions/:id/preview", () => {
  it("sends the change to change_preview and answers the app's ChangePreview", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1/change_preview", ok(previewDto));
    const res = await preview(
      send("/api/subscriptions/SUB-1/preview", "POST", {
        charges: [{ id: "SCH-1", quantity: 5 }],
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      priorInvoice: 100,
      currentInvoice: -12.5,
      nextInvoice: 120,
      contractEffectiveDate: "2026-12-01",
      currency: "USD",
    });
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/change_preview")[0]?.body).toEqual({
      charges: [{ id: "SCH-1", quantity: 5 }],
    });
  });

  it("passes the detail of a 404 (another customer's subscription)", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-9/change_preview",
      fail(404, "not_found", "Subscription not found"),
    );
    const res = await preview(
      send("/api/subscriptions/SUB-9/preview", "POST", { fields: { name: "A" } }),
      idCtx("SUB-9"),
    );
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({
      error: { code: "not_found", message: "errors.generic", detail: "Subscription not found" },
    });
  });

  it("never passes a detail on a 500", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/change_preview",
      fail(500, "internal_error", "stack trace at db.ts:12"),
    );
    const res = await preview(
      send("/api/subscriptions/SUB-1/preview", "POST", { fields: { name: "A" } }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(500);
    const body = await json<{ error: Record<string, unknown> }>(res);
    expect(body.error.detail).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("stack trace");
  });

  it("answers a refusal without a message with no detail, keeping its status and code", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1/change_preview", {
      status: 400,
      body: { code: 400, data: null, error: null, errorCode: "invalid_request" },
    });
    const res = await preview(
      send("/api/subscriptions/SUB-1/preview", "POST", { fields: { name: "A" } }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: { code: "invalid_request", message: "errors.generic" },
    });
  });

  it("answers 403 without the CSRF header", async () => {
    const res = await preview(
      send("/api/subscriptions/SUB-1/preview", "POST", { fields: { name: "A" } }, { "x-csrf": "" }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/subscriptions/:id/cancel-date", () => {
  it("asks for the type's end date", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/cancel_date", ok({ endDate: "2026-12-31" }));
    const res = await cancelDate(
      get("/api/subscriptions/SUB-1/cancel-date?type=end_of_current_billing_period"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ endDate: "2026-12-31" });
    const [call] = upstream.callsTo("GET", "/v1/subscriptions/SUB-1/cancel_date");
    expect(call?.query.get("cancellation_type")).toBe("end_of_current_billing_period");
    expect(call?.query.has("cancellation_date")).toBe(false);
  });

  it("sends the date of a specific_date, and refuses one without a date (422)", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/cancel_date", ok({ endDate: "2027-01-15" }));
    const res = await cancelDate(
      get("/api/subscriptions/SUB-1/cancel-date?type=specific_date&date=2027-01-15"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(
      upstream
        .callsTo("GET", "/v1/subscriptions/SUB-1/cancel_date")[0]
        ?.query.get("cancellation_date"),
    ).toBe("2027-01-15");
    const missing = await cancelDate(
      get("/api/subscriptions/SUB-1/cancel-date?type=specific_date"),
      idCtx("SUB-1"),
    );
    expect(missing.status).toBe(422);
    expect(await json(missing)).toMatchObject({
      error: { fields: { date: "subscriptions.cancel.dateRequired" } },
    });
    const unknown = await cancelDate(
      get("/api/subscriptions/SUB-1/cancel-date?type=tomorrow"),
      idCtx("SUB-1"),
    );
    expect(unknown.status).toBe(422);
    expect(upstream.callsTo("GET", "/v1/subscriptions/SUB-1/cancel_date")).toHaveLength(1);
  });
});

describe("POST /api/subscriptions/:id/cancel", () => {
  it("sends cancellation_date and type, and answers the subscription", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/cancel",
      ok({ subscription: subscriptionDto({ status: field("cancelled") }) }),
    );
    const res = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", {
        cancellationType: "today",
        cancellationDate: "2026-11-23",
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect((await json<{ subscription: Subscription }>(res)).subscription.status).toBe("cancelled");
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/cancel")[0]?.body).toEqual({
      cancellation_date: "2026-11-23",
      cancellation_type: "today",
    });
  });

  it("answers 422 without a real date, without calling upstream", async () => {
    const res = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", {
        cancellationType: "specific_date",
        cancellationDate: "2026-02-30",
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      error: { fields: { cancellationDate: "subscriptions.validation.date" } },
    });
    expect(apiCalls()).toHaveLength(0);
  });

  it("passes the detail of a 409", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/cancel",
      fail(409, "conflict", "The subscription is already cancelled."),
    );
    const res = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", {
        cancellationType: "today",
        cancellationDate: "2026-11-23",
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(409);
    expect((await json<{ error: Record<string, unknown> }>(res)).error.detail).toBe(
      "The subscription is already cancelled.",
    );
  });

  it("answers 403 to a foreign origin", async () => {
    const res = await cancel(
      send(
        "/api/subscriptions/SUB-1/cancel",
        "POST",
        { cancellationType: "today", cancellationDate: "2026-11-23" },
        { origin: "https://evil.example" },
      ),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("POST /api/subscriptions/:id/reactivate", () => {
  it("reactivates and answers the subscription", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/reactivate",
      ok({ subscription: subscriptionDto() }),
    );
    const res = await reactivate(
      send("/api/subscriptions/SUB-1/reactivate", "POST", {}),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect((await json<{ subscription: Subscription }>(res)).subscription.status).toBe("active");
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/reactivate")[0]?.body).toEqual({});
  });

  it("trims a long detail to 300 characters", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/reactivate",
      fail(
        400,
        "invalid_request",
        `Only a cancelled subscription can be reactivated. ${"x".repeat(400)}`,
      ),
    );
    const res = await reactivate(
      send("/api/subscriptions/SUB-1/reactivate", "POST", {}),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(400);
    const detail = (await json<{ error: { detail: string } }>(res)).error.detail;
    expect(detail.length).toBe(300);
    expect(detail.startsWith("Only a cancelled subscription")).toBe(true);
  });

  it("answers 502 when the answer has no usable subscription", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1/reactivate", ok({ subscription: { id: 1 } }));
    const res = await reactivate(
      send("/api/subscriptions/SUB-1/reactivate", "POST", {}),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(502);
  });

  it("answers 403 without the CSRF header", async () => {
    const res = await reactivate(
      send("/api/subscriptions/SUB-1/reactivate", "POST", {}, { "x-csrf": "" }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/plans", () => {
  it("refuses a NUL in the query with a 400 in the BFF's error shape, calling nothing upstream", async () => {
    const res = await plans(get("/api/plans?search=%00"), noParams());
    expect(res.status).toBe(400);
    expect(await json<{ error: { code: string } }>(res)).toMatchObject({
      error: { code: "bad_request" },
    });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(apiCalls()).toHaveLength(0);
  });

  it("asks for page 1, size 10, name asc by default and answers the app's plans", async () => {
    upstream.on("GET", "/v1/plans", ok({ data: [planDto(), { id: "PLN-bad" }], total: 12 }));
    const res = await plans(get("/api/plans"), noParams());
    expect(res.status).toBe(200);
    const body = await json<{ plans: Plan[]; total: number }>(res);
    expect(body.total).toBe(12);
    expect(body.plans).toEqual([
      {
        id: "PLN-1",
        name: "Basic",
        status: "active",
        description: null,
        billingPeriod: "monthly",
        currency: "USD",
        charges: [
          {
            id: "CHG-1",
            name: "Seats",
            type: "Recurring",
            pricingModel: "volume",
            amount: 20,
            chargeTiming: "in_advance",
            listPrice: 10,
            billingPeriod: "monthly",
            defaultQuantity: 2,
            unitOfMeasure: null,
            tiers: [
              { upTo: 10, price: 10 },
              { upTo: null, price: 8 },
            ],
          },
        ],
      },
    ]);
    const [call] = upstream.callsTo("GET", "/v1/plans");
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      page: "1",
      pageSize: "10",
      sort: "name asc",
    });
  });

  it("encodes paging, sort and the name search as a contains filter", async () => {
    upstream.on("GET", "/v1/plans", ok({ data: [], total: 0 }));
    const res = await plans(
      get("/api/plans?page=3&size=20&sort=status.desc&search=%20Pro%20(v2)%20"),
      noParams(),
    );
    expect(res.status).toBe(200);
    const [call] = upstream.callsTo("GET", "/v1/plans");
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      page: "3",
      pageSize: "20",
      sort: "status desc",
      "filter_options[plans][0][plan_name]": "/Pro \\(v2\\)/i",
    });
  });

  it("adds spec 001 §3's plan_id (contains) and plan_status (one of them) filters", async () => {
    upstream.on("GET", "/v1/plans", ok({ data: [], total: 0 }));
    const res = await plans(
      get("/api/plans?search=Water&planId=%20A00%20&status=inactive"),
      noParams(),
    );
    expect(res.status).toBe(200);
    const [call] = upstream.callsTo("GET", "/v1/plans");
    expect(Object.fromEntries(call?.query ?? [])).toMatchObject({
      "filter_options[plans][0][plan_name]": "/Water/i",
      "filter_options[plans][1][plan_id]": "/A00/i",
      "filter_options[plans][2][plan_status]": "inactive",
    });
  });

  it("answers 422 to a size, sort, page or status it does not know, without calling upstream", async () => {
    for (const query of ["size=7", "sort=price.asc", "page=0", "sort=name", "status=retired"]) {
      const res = await plans(get(`/api/plans?${query}`), noParams());
      expect(res.status, query).toBe(422);
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const res = await plans(bffRequest("/api/plans", { method: "GET" }), noParams());
    expect(res.status).toBe(401);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/plans/:id", () => {
  it("answers {plan}", async () => {
    upstream.on("GET", "/v1/plans/PLN-1", ok({ data: planDto() }));
    const res = await plan(get("/api/plans/PLN-1"), idCtx("PLN-1"));
    expect(res.status).toBe(200);
    expect((await json<{ plan: Plan }>(res)).plan).toMatchObject({ id: "PLN-1", name: "Basic" });
  });

  it("passes the detail of a 404 (another company's plan)", async () => {
    upstream.on("GET", "/v1/plans/PLN-9", fail(404, "not_found", "Plan not found"));
    const res = await plan(get("/api/plans/PLN-9"), idCtx("PLN-9"));
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({
      error: { code: "not_found", message: "errors.generic", detail: "Plan not found" },
    });
  });

  it("answers 404 to an id that is not plain, as every route does, without calling upstream", async () => {
    const res = await plan(get("/api/plans/x"), idCtx("PLN 1/../x"));
    expect(res.status).toBe(404);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/subscriptions/:id/cancel-preview", () => {
  const wire = {
    effective_date: "2030-01-15",
    last_active_day: "2030-01-14",
    currency: "USD",
    final_document: {
      kind: "credit_note",
      date: "2030-01-15",
      amount: -172.5,
      lines: [
        { kind: "usage", amount: 12.5 },
        { kind: "unused", amount: -185 },
      ],
    },
  };

  it("asks for the choice's last bill and answers it in the app's words", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/cancel_preview", ok(wire));
    const res = await cancelPreview(
      get("/api/subscriptions/SUB-1/cancel-preview?type=specific_date&date=2030-01-15"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      effectiveDate: "2030-01-15",
      lastActiveDay: "2030-01-14",
      currency: "USD",
      finalDocument: { kind: "credit_note", date: "2030-01-15", amount: -172.5, billsUsage: true },
    });
    const [call] = upstream.callsTo("GET", "/v1/subscriptions/SUB-1/cancel_preview");
    expect(call?.query.get("cancellation_type")).toBe("specific_date");
    expect(call?.query.get("cancellation_date")).toBe("2030-01-15");
  });

  it("passes on a billing API without the preview as a 404, and a refusal's message", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/cancel_preview",
      fail(404, "not_found", "Not found"),
    );
    const missing = await cancelPreview(
      get("/api/subscriptions/SUB-1/cancel-preview?type=today"),
      idCtx("SUB-1"),
    );
    expect(missing.status).toBe(404);
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-2/cancel_preview",
      fail(
        400,
        "invalid_request",
        "The cancellation date cannot be before the current billing period began (2030-01-05).",
      ),
    );
    const refused = await cancelPreview(
      get("/api/subscriptions/SUB-2/cancel-preview?type=specific_date&date=2030-01-01"),
      idCtx("SUB-2"),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await json(refused))).toContain("current billing period began");
  });
});
