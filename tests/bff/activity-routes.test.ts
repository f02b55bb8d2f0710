// The activity log through the BFF (issue 34 §3; docs/CONTRACT.md §1 "Activity"): the selected
// customer's page of the billing API, its kind filter, and each entry's details read against the
// contract into the values of its sentence; what does not fit is never passed on.
import { describe, expect, it } from "vitest";
import { GET as activity } from "@/app/api/activity/route";
import type { ActivityPage } from "@/lib/schemas/activity";
import { fail, noParams, ok, setUpSignedInRoutes } from "./support";

const { upstream, get } = setUpSignedInRoutes();

const entry = (over: Record<string, unknown>) => ({
  id: 7,
  at: "2030-03-04T05:06:07.000Z",
  actor: { kind: "user", email: "ada@acme.test", name: null },
  subject_id: null,
  ...over,
});

describe("GET /api/activity", () => {
  it("asks for the selected customer's page and kind, twenty at a time", async () => {
    upstream.on(
      "GET",
      "/v1/customers/c-1/activity",
      ok({ items: [], page: 2, page_size: 20, total: 41 }),
    );
    const res = await activity(get("/api/activity?page=2&kind=auto_pay.changed"), noParams());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [], page: 2, pages: 3, total: 41 });
    const [call] = upstream.callsTo("GET", "/v1/customers/c-1/activity");
    expect(Object.fromEntries(call!.query)).toEqual({
      page: "2",
      page_size: "20",
      kind: "auto_pay.changed",
    });
  });

  it("ignores a kind it does not know and a page below one", async () => {
    upstream.on(
      "GET",
      "/v1/customers/c-1/activity",
      ok({ items: [], page: 1, page_size: 20, total: 0 }),
    );
    await activity(get("/api/activity?page=-3&kind=drop_table"), noParams());
    const [call] = upstream.callsTo("GET", "/v1/customers/c-1/activity");
    expect(Object.fromEntries(call!.query)).toEqual({ page: "1", page_size: "20" });
  });

  it("words each entry from its details; values that break the contract are dropped", async () => {
    upstream.on(
      "GET",
      "/v1/customers/c-1/activity",
      ok({
        items: [
          entry({
            kind: "subscription.quantity_changed",
            details: {
              subscription_name: "Water service",
              charge: { id: "SCH-1", name: "Seats" },
              before: { quantity: 2 },
              after: { quantity: 3 },
            },
          }),
          entry({
            id: 8,
            kind: "contact.changed",
            actor: { kind: "company", email: null, name: "Acme Water" },
            details: {
              fields: ["city"],
              before: { city: "Boston" },
              after: { city: "Cambridge" },
            },
          }),
          entry({
            id: 9,
            kind: "payment.made",
            details: { amount: "lots", currency: "USD" },
          }),
          entry({ id: 10, kind: "invented.kind", details: {} }),
        ],
        page: 1,
        page_size: 20,
        total: 4,
      }),
    );
    const body = (await (await activity(get("/api/activity"), noParams())).json()) as ActivityPage;
    expect(body.items.map((e) => e.kind)).toEqual([
      "subscription.quantity_changed",
      "contact.changed",
      "payment.made",
    ]);
    expect(body.items[0]).toMatchObject({
      id: "7",
      actor: { kind: "user", email: "ada@acme.test" },
      args: {
        subscription: { type: "text", value: "Water service" },
        charge: { type: "text", value: "Seats" },
        before: { type: "number", value: 2 },
        after: { type: "number", value: 3 },
      },
    });
    expect(body.items[1]).toMatchObject({
      actor: { kind: "company", name: "Acme Water" },
      changes: [{ field: "city", before: "Boston", after: "Cambridge" }],
    });
    // Details that do not fit the contract: the entry stays, its values do not.
    expect(body.items[2]?.args).toEqual({});
  });

  it("passes on a billing API without an activity log as 404", async () => {
    upstream.on("GET", "/v1/customers/c-1/activity", fail(404, "not_found", "Not found"));
    const res = await activity(get("/api/activity"), noParams());
    expect(res.status).toBe(404);
  });
});
