// The BFF routes of pausing, resuming and the offers made to a leaving customer (issue 33;
// docs/CONTRACT.md §7.1 "Pause and offers"), and the reason a cancellation now carries: each
// against the fake /v1, checking what is sent upstream and what the browser is answered.
import { describe, expect, it } from "vitest";
import { POST as accept } from "@/app/api/subscriptions/[id]/offers/[offerId]/accept/route";
import { GET as offers } from "@/app/api/subscriptions/[id]/offers/route";
import { GET as pausePreview } from "@/app/api/subscriptions/[id]/pause-preview/route";
import { POST as pause } from "@/app/api/subscriptions/[id]/pause/route";
import { GET as reactivatePreview } from "@/app/api/subscriptions/[id]/reactivate-preview/route";
import { GET as resumePreview } from "@/app/api/subscriptions/[id]/resume-preview/route";
import { POST as resume } from "@/app/api/subscriptions/[id]/resume/route";
import { POST as cancel } from "@/app/api/subscriptions/[id]/cancel/route";
import type { RetentionOffer, Subscription } from "@/lib/schemas/subscriptions";
import { bffRequest, fail, ok, setUpSignedInRoutes } from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes();

/** Calls to /v1 besides the portal configuration every request reads. */
const apiCalls = () => upstream.calls.filter((c) => c.path !== "/v1/portalConfiguration");
const send = (path: string, method: string, body: unknown = {}, headers = {}) =>
  bffRequest(path, { method, body, cookie: cookie(), headers });
const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });
const offerCtx = (id: string, offerId: string) => ({ params: Promise.resolve({ id, offerId }) });
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

const subscriptionDto = (over: Record<string, unknown> = {}) => ({
  id: field("SUB-1", { display_name: "Subscription ID" }),
  status: field("active", { display_name: "Status" }),
  name: field("Water service", { display_name: "Name" }),
  currency: field("USD"),
  plans: [],
  actions: [{ name: "Resume", actionable: true }],
  ...over,
});

const settling = (over: Record<string, unknown> = {}) => ({
  kind: "credit_note",
  date: "2030-02-01",
  amount: -14.25,
  lines: [
    {
      charge_line_id: "SCH-2",
      plan_name: "Basic",
      charge_name: "Usage",
      kind: "usage",
      period: { start: "2030-01-01", end: "2030-01-31" },
      quantity: 3,
      amount: 5.75,
    },
    {
      charge_line_id: "SCH-1",
      plan_name: "Basic",
      charge_name: "Seats",
      kind: "unused",
      period: { start: "2030-02-01", end: "2030-02-28" },
      quantity: 2,
      amount: -20,
    },
  ],
  ...over,
});

const chargeNowDto = (date: string, amount: number) => ({
  date,
  amount,
  lines: [
    {
      charge_line_id: "SCH-1",
      plan_name: "Basic",
      charge_name: "Seats",
      period: { start: date, end: "2030-04-30" },
      amount,
    },
  ],
});

const pausePreviewWire = {
  cycles: 2,
  pause_start: "2030-02-01",
  resume_date: "2030-04-01",
  currency: "USD",
  bill_at_pause: settling(),
  charge_at_resume: chargeNowDto("2030-04-01", 40),
};

const changePreviewWire = {
  prior_invoice: { invoice_amount: 50 },
  current_invoice: { invoice_amount: -7.5 },
  next_invoice: { invoice_amount: 30 },
  contract_effective_date: "2030-02-01",
  currency: "usd",
};

const offerWire = (over: Record<string, unknown>) => ({
  cycles: null,
  percent_off: null,
  resume_date: null,
  plan_line_id: null,
  plan: null,
  change_preview: null,
  ...over,
});

describe("GET /api/subscriptions/:id/pause-preview", () => {
  it("forwards the cycles to pause_preview and answers the pause in the app's words", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/pause_preview", ok(pausePreviewWire));
    const res = await pausePreview(
      get("/api/subscriptions/SUB-1/pause-preview?cycles=2"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await json(res)).toEqual({
      cycles: 2,
      pauseStart: "2030-02-01",
      resumeDate: "2030-04-01",
      currency: "USD",
      billAtPause: { kind: "credit_note", date: "2030-02-01", amount: -14.25, billsUsage: true },
      chargeAtResume: { date: "2030-04-01", amount: 40 },
    });
    const calls = upstream.callsTo("GET", "/v1/subscriptions/SUB-1/pause_preview");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get("cycles")).toBe("2");
    expect(calls[0]?.headers.authorization).toBe("Bearer access-0");
  });

  it("says a bill at the pause without usage bills none", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/pause_preview",
      ok({
        ...pausePreviewWire,
        bill_at_pause: settling({
          kind: "none",
          amount: 0,
          lines: [settling().lines[1]],
        }),
      }),
    );
    const res = await pausePreview(
      get("/api/subscriptions/SUB-1/pause-preview?cycles=2"),
      idCtx("SUB-1"),
    );
    expect((await json<{ billAtPause: unknown }>(res)).billAtPause).toEqual({
      kind: "none",
      date: "2030-02-01",
      amount: 0,
      billsUsage: false,
    });
  });

  it("refuses cycles missing, 0, 13, 1.5 or not a number (422), without calling upstream", async () => {
    for (const query of ["", "?cycles=0", "?cycles=13", "?cycles=1.5", "?cycles=x", "?cycles="]) {
      const res = await pausePreview(
        get(`/api/subscriptions/SUB-1/pause-preview${query}`),
        idCtx("SUB-1"),
      );
      expect(res.status, query).toBe(422);
      expect(await json(res), query).toMatchObject({
        error: { code: "validation", fields: { cycles: expect.any(String) } },
      });
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it("passes an upstream refusal's message as detail", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/pause_preview",
      fail(400, "invalid_request", "Pausing is limited to 3 billing cycles."),
    );
    const res = await pausePreview(
      get("/api/subscriptions/SUB-1/pause-preview?cycles=4"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: {
        code: "invalid_request",
        message: "errors.generic",
        detail: "Pausing is limited to 3 billing cycles.",
      },
    });
  });

  it("answers 502 to a preview that is not the contract's shape", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/pause_preview",
      ok({ ...pausePreviewWire, resume_date: "April 1" }),
    );
    const res = await pausePreview(
      get("/api/subscriptions/SUB-1/pause-preview?cycles=2"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(502);
  });
});

describe("POST /api/subscriptions/:id/pause", () => {
  it("PUTs {cycles} upstream and answers the subscription with its pause and status", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/pause",
      ok({
        subscription: subscriptionDto({
          status: field("paused"),
          pause_start: field("2030-02-01", { type: "date", enabled: false }),
          resume_date: field("2030-04-01", { type: "date", enabled: false }),
        }),
      }),
    );
    const res = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 2 }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    const { subscription } = await json<{ subscription: Subscription }>(res);
    expect(subscription).toMatchObject({
      id: "SUB-1",
      status: "paused",
      pause: { start: "2030-02-01", resumeDate: "2030-04-01" },
    });
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/pause")[0]?.body).toEqual({
      cycles: 2,
    });
  });

  it("answers a pause set but not begun as active with its pause, and none without the fields", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/pause",
      ok({
        subscription: subscriptionDto({
          pause_start: field("2030-02-01"),
          resume_date: field("2030-04-01"),
        }),
      }),
    );
    const set = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 2 }),
      idCtx("SUB-1"),
    );
    expect((await json<{ subscription: Subscription }>(set)).subscription).toMatchObject({
      status: "active",
      pause: { start: "2030-02-01", resumeDate: "2030-04-01" },
    });
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/pause",
      ok({ subscription: subscriptionDto({ pause_start: field(null), resume_date: field(null) }) }),
    );
    const none = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 2 }),
      idCtx("SUB-1"),
    );
    expect((await json<{ subscription: Subscription }>(none)).subscription.pause).toBeNull();
  });

  it("refuses cycles that are not a whole number from 1 to 12 (422), without calling upstream", async () => {
    for (const body of [{ cycles: 2.5 }, { cycles: 0 }, { cycles: 13 }, { cycles: "2" }, {}]) {
      const res = await pause(send("/api/subscriptions/SUB-1/pause", "POST", body), idCtx("SUB-1"));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await json(res)).toMatchObject({
        error: { code: "validation", fields: { cycles: expect.any(String) } },
      });
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it("sends upstream only the cycles, whatever else the body holds", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1/pause", ok({ subscription: subscriptionDto() }));
    const res = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 1, customer_id: "c-evil" }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/pause")[0]?.body).toEqual({
      cycles: 1,
    });
  });

  it("passes the detail of a 400 refusal", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/pause",
      fail(400, "invalid_request", "This subscription is paused already."),
    );
    const res = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 1 }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(400);
    expect((await json<{ error: Record<string, unknown> }>(res)).error.detail).toBe(
      "This subscription is paused already.",
    );
  });

  it("answers 403 to a foreign origin and without the CSRF header, without calling upstream", async () => {
    const foreign = await pause(
      send(
        "/api/subscriptions/SUB-1/pause",
        "POST",
        { cycles: 2 },
        { origin: "https://evil.example" },
      ),
      idCtx("SUB-1"),
    );
    expect(foreign.status).toBe(403);
    const noCsrf = await pause(
      send("/api/subscriptions/SUB-1/pause", "POST", { cycles: 2 }, { "x-csrf": "" }),
      idCtx("SUB-1"),
    );
    expect(noCsrf.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/subscriptions/:id/resume-preview and reactivate-preview", () => {
  const chargeWire = {
    currency: "USD",
    charge_now: chargeNowDto("2030-03-10", 27.5),
    next_invoice_date: "2030-04-01",
  };
  const expected = {
    currency: "USD",
    chargeNow: { date: "2030-03-10", amount: 27.5 },
    nextInvoiceDate: "2030-04-01",
  };

  it("resume-preview asks resume_preview and answers the charge in the app's words", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/resume_preview", ok(chargeWire));
    const res = await resumePreview(get("/api/subscriptions/SUB-1/resume-preview"), idCtx("SUB-1"));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(expected);
    expect(upstream.callsTo("GET", "/v1/subscriptions/SUB-1/resume_preview")).toHaveLength(1);
    expect(upstream.callsTo("GET", "/v1/subscriptions/SUB-1/reactivate_preview")).toHaveLength(0);
  });

  it("reactivate-preview asks reactivate_preview and answers the same shape", async () => {
    upstream.on("GET", "/v1/subscriptions/SUB-1/reactivate_preview", ok(chargeWire));
    const res = await reactivatePreview(
      get("/api/subscriptions/SUB-1/reactivate-preview"),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual(expected);
    expect(upstream.callsTo("GET", "/v1/subscriptions/SUB-1/resume_preview")).toHaveLength(0);
  });

  it("passes an upstream 404 (a billing API without the preview) as a 404", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/resume_preview",
      fail(404, "not_found", "Not found"),
    );
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/reactivate_preview",
      fail(404, "not_found", "Not found"),
    );
    const resumed = await resumePreview(
      get("/api/subscriptions/SUB-1/resume-preview"),
      idCtx("SUB-1"),
    );
    expect(resumed.status).toBe(404);
    const reactivated = await reactivatePreview(
      get("/api/subscriptions/SUB-1/reactivate-preview"),
      idCtx("SUB-1"),
    );
    expect(reactivated.status).toBe(404);
  });

  it("answers 404 to an id that is not plain, without calling upstream", async () => {
    const res = await resumePreview(get("/api/subscriptions/x/resume-preview"), idCtx("../v1"));
    expect(res.status).toBe(404);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("POST /api/subscriptions/:id/resume", () => {
  it("PUTs {} to resume and answers the subscription", async () => {
    upstream.on("PUT", "/v1/subscriptions/SUB-1/resume", ok({ subscription: subscriptionDto() }));
    const res = await resume(send("/api/subscriptions/SUB-1/resume", "POST", {}), idCtx("SUB-1"));
    expect(res.status).toBe(200);
    const { subscription } = await json<{ subscription: Subscription }>(res);
    expect(subscription).toMatchObject({ id: "SUB-1", status: "active", pause: null });
    const calls = upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/resume");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({});
  });

  it("refuses a body with anything in it (422) and a foreign origin (403), without calling upstream", async () => {
    const extra = await resume(
      send("/api/subscriptions/SUB-1/resume", "POST", { now: true }),
      idCtx("SUB-1"),
    );
    expect(extra.status).toBe(422);
    const foreign = await resume(
      send("/api/subscriptions/SUB-1/resume", "POST", {}, { origin: "https://evil.example" }),
      idCtx("SUB-1"),
    );
    expect(foreign.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("GET /api/subscriptions/:id/offers", () => {
  it("answers the offers it can read, in order, leaving out one it cannot", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/retention_offers",
      ok({
        offers: [
          offerWire({ id: "pause", kind: "pause", cycles: 2, resume_date: "2030-04-01" }),
          offerWire({ id: "free_lunch", kind: "free_lunch", cycles: 1 }),
          offerWire({
            id: "cheaper_plan",
            kind: "cheaper_plan",
            plan_line_id: "SPL-1",
            plan: { id: "PLN-2", name: "Basic" },
            change_preview: changePreviewWire,
          }),
          offerWire({ id: "discount", kind: "discount", cycles: 3, percent_off: 20 }),
        ],
      }),
    );
    const res = await offers(get("/api/subscriptions/SUB-1/offers"), idCtx("SUB-1"));
    expect(res.status).toBe(200);
    const body = await json<{ offers: RetentionOffer[] }>(res);
    expect(body.offers).toEqual([
      {
        id: "pause",
        kind: "pause",
        cycles: 2,
        percentOff: null,
        resumeDate: "2030-04-01",
        planLineId: null,
        plan: null,
        preview: null,
      },
      {
        id: "cheaper_plan",
        kind: "cheaper_plan",
        cycles: null,
        percentOff: null,
        resumeDate: null,
        // The plan line it replaces, as the billing API names it.
        planLineId: "SPL-1",
        plan: { id: "PLN-2", name: "Basic" },
        preview: {
          priorInvoice: 50,
          currentInvoice: -7.5,
          nextInvoice: 30,
          contractEffectiveDate: "2030-02-01",
          currency: "USD",
        },
      },
      {
        id: "discount",
        kind: "discount",
        cycles: 3,
        percentOff: 20,
        resumeDate: null,
        planLineId: null,
        plan: null,
        preview: null,
      },
    ]);
    expect(upstream.callsTo("GET", "/v1/subscriptions/SUB-1/retention_offers")).toHaveLength(1);
  });

  it("leaves out an offer with an impossible discount, and answers none as []", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/retention_offers",
      ok({
        offers: [offerWire({ id: "discount", kind: "discount", cycles: 3, percent_off: 150 })],
      }),
    );
    const res = await offers(get("/api/subscriptions/SUB-1/offers"), idCtx("SUB-1"));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ offers: [] });
  });

  it("passes an upstream 404 as a 404", async () => {
    upstream.on(
      "GET",
      "/v1/subscriptions/SUB-1/retention_offers",
      fail(404, "not_found", "Not found"),
    );
    const res = await offers(get("/api/subscriptions/SUB-1/offers"), idCtx("SUB-1"));
    expect(res.status).toBe(404);
  });
});

describe("POST /api/subscriptions/:id/offers/:offerId/accept", () => {
  it("PUTs {} to retention_offers/{offer}/accept and answers the subscription", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/retention_offers/discount/accept",
      ok({ subscription: subscriptionDto() }),
    );
    const res = await accept(
      send("/api/subscriptions/SUB-1/offers/discount/accept", "POST", {}),
      offerCtx("SUB-1", "discount"),
    );
    expect(res.status).toBe(200);
    expect((await json<{ subscription: Subscription }>(res)).subscription.id).toBe("SUB-1");
    const calls = upstream.callsTo(
      "PUT",
      "/v1/subscriptions/SUB-1/retention_offers/discount/accept",
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({});
  });

  it("answers 404 to an offer id it does not know, without calling upstream", async () => {
    for (const offerId of ["free_lunch", "../x", "discount/../../cancel", "DISCOUNT", ""]) {
      const res = await accept(
        send(`/api/subscriptions/SUB-1/offers/x/accept`, "POST", {}),
        offerCtx("SUB-1", offerId),
      );
      expect(res.status, offerId).toBe(404);
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it("passes the detail of a refusal (an offer accepted before)", async () => {
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/retention_offers/pause/accept",
      fail(400, "invalid_request", "This offer was accepted before."),
    );
    const res = await accept(
      send("/api/subscriptions/SUB-1/offers/pause/accept", "POST", {}),
      offerCtx("SUB-1", "pause"),
    );
    expect(res.status).toBe(400);
    expect((await json<{ error: Record<string, unknown> }>(res)).error.detail).toBe(
      "This offer was accepted before.",
    );
  });

  it("answers 403 without the CSRF header, without calling upstream", async () => {
    const res = await accept(
      send("/api/subscriptions/SUB-1/offers/discount/accept", "POST", {}, { "x-csrf": "" }),
      offerCtx("SUB-1", "discount"),
    );
    expect(res.status).toBe(403);
    expect(apiCalls()).toHaveLength(0);
  });
});

describe("POST /api/subscriptions/:id/cancel with a reason", () => {
  const when = { cancellationType: "today", cancellationDate: "2030-01-20" };
  const cancelled = () =>
    upstream.on(
      "PUT",
      "/v1/subscriptions/SUB-1/cancel",
      ok({ subscription: subscriptionDto({ status: field("cancelled") }) }),
    );
  const cancelBody = () => upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/cancel")[0]?.body;

  it("forwards reasonCode and the trimmed reasonText as reason_code and reason_text", async () => {
    cancelled();
    const res = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", {
        ...when,
        reasonCode: "too_expensive",
        reasonText: "  The price went up twice.\n ",
      }),
      idCtx("SUB-1"),
    );
    expect(res.status).toBe(200);
    expect(cancelBody()).toEqual({
      cancellation_date: "2030-01-20",
      cancellation_type: "today",
      reason_code: "too_expensive",
      reason_text: "The price went up twice.",
    });
  });

  it("sends no reason fields without a reason, nor for a text of spaces only", async () => {
    cancelled();
    await cancel(send("/api/subscriptions/SUB-1/cancel", "POST", when), idCtx("SUB-1"));
    await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", { ...when, reasonText: "   " }),
      idCtx("SUB-1"),
    );
    const bodies = upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/cancel").map((c) => c.body);
    expect(bodies).toEqual([
      { cancellation_date: "2030-01-20", cancellation_type: "today" },
      { cancellation_date: "2030-01-20", cancellation_type: "today" },
    ]);
  });

  it("refuses a reasonCode not in the list (422), without calling upstream", async () => {
    for (const reasonCode of ["bored", "Too_Expensive", ""]) {
      const res = await cancel(
        send("/api/subscriptions/SUB-1/cancel", "POST", { ...when, reasonCode }),
        idCtx("SUB-1"),
      );
      expect(res.status, reasonCode).toBe(422);
      expect(await json(res)).toMatchObject({
        error: { code: "validation", fields: { reasonCode: expect.any(String) } },
      });
    }
    expect(apiCalls()).toHaveLength(0);
  });

  it("counts the reasonText in characters, not UTF-16 units, after trimming: 500 pass, 501 do not", async () => {
    cancelled();
    const emoji = "😀";
    const fits = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", {
        ...when,
        reasonText: `  ${emoji.repeat(500)}  `,
      }),
      idCtx("SUB-1"),
    );
    expect(fits.status).toBe(200);
    expect(cancelBody()).toMatchObject({ reason_text: emoji.repeat(500) });

    const tooLong = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", { ...when, reasonText: emoji.repeat(501) }),
      idCtx("SUB-1"),
    );
    expect(tooLong.status).toBe(422);
    expect(await json(tooLong)).toMatchObject({
      error: { fields: { reasonText: "subscriptions.validation.reasonTooLong" } },
    });
    const plain = await cancel(
      send("/api/subscriptions/SUB-1/cancel", "POST", { ...when, reasonText: "x".repeat(501) }),
      idCtx("SUB-1"),
    );
    expect(plain.status).toBe(422);
    expect(upstream.callsTo("PUT", "/v1/subscriptions/SUB-1/cancel")).toHaveLength(1);
  });
});
