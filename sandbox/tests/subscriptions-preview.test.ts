/**
 * The preview rules of sandbox/README.md "Subscription preview", against amounts computed by hand
 * (the arithmetic is written out beside each expectation). Pure: no sandbox needed.
 */
import { describe, expect, it } from "vitest";
import {
  addMonths,
  daysBetween,
  periodBeginsOn,
  periodContaining,
} from "../src/subscriptions/calendar";
import type { PricedLine } from "../src/subscriptions/change";
import { cancelEndDate } from "../src/subscriptions/cancel";
import { computePreview } from "../src/subscriptions/preview";
import { periodAmount, roundCents } from "../src/subscriptions/pricing";
import type { Tier } from "../src/subscriptions/types";

const tiers: Tier[] = [
  { up_to: 10, price: 5 },
  { up_to: null, price: 4 },
];

describe("billing calendar", () => {
  it("clamps the anchor day to the month's end without drifting", () => {
    expect(addMonths("2029-01-31", 1)).toBe("2029-02-28");
    expect(addMonths("2029-01-31", 2)).toBe("2029-03-31");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2029-11-05", 3)).toBe("2030-02-05");
  });

  it("finds the period containing a day for each billing period", () => {
    expect(periodContaining("2029-01-31", 1, "2029-03-10")).toEqual({
      start: "2029-02-28",
      end: "2029-03-31",
    });
    expect(periodContaining("2029-01-31", 3, "2029-03-10")).toEqual({
      start: "2029-01-31",
      end: "2029-04-30",
    });
    expect(periodContaining("2029-01-31", 12, "2029-03-10")).toEqual({
      start: "2029-01-31",
      end: "2030-01-31",
    });
    // A period's first day belongs to it, its end does not.
    expect(periodContaining("2029-01-31", 1, "2029-03-31").start).toBe("2029-03-31");
    expect(periodBeginsOn("2028-11-05", 3, "2030-02-05")).toBe(true);
    expect(periodBeginsOn("2028-11-05", 3, "2030-01-05")).toBe(false);
    expect(daysBetween("2029-03-10", "2030-01-31")).toBe(327);
  });
});

describe("period amounts by pricing model", () => {
  it("prices flat, per_unit, pre_rated, volume, tiered and usage_based", () => {
    expect(periodAmount({ pricing_model: "flat", list_price: 30, tiers: [] }, 7)).toBe(30);
    expect(periodAmount({ pricing_model: "per_unit", list_price: 12.5, tiers: [] }, 4)).toBe(50);
    expect(periodAmount({ pricing_model: "pre_rated", list_price: 1.1, tiers: [] }, 4)).toBeCloseTo(
      4.4,
    );
    // volume: all 12 units at the tier 12 falls in (4.00) = 48; 10 units → 10 × 5 = 50
    expect(periodAmount({ pricing_model: "volume", list_price: 5, tiers }, 12)).toBe(48);
    expect(periodAmount({ pricing_model: "volume", list_price: 5, tiers }, 10)).toBe(50);
    // tiered: 10 × 5 + 2 × 4 = 58
    expect(periodAmount({ pricing_model: "tiered", list_price: 5, tiers }, 12)).toBe(58);
    expect(
      periodAmount({ pricing_model: "usage_based", list_price: 0.0125, tiers: [] }, 1200.5),
    ).toBeCloseTo(15.00625);
  });

  it("rounds half-up to cents", () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
    expect(roundCents(15.00625)).toBe(15.01);
    expect(roundCents(-0.001)).toBe(0);
  });
});

const line = (
  key: string,
  pricing_model: PricedLine["pricing"]["pricing_model"],
  list_price: number,
  period: PricedLine["period"],
  quantity: number | null,
  lineTiers: Tier[] = [],
): PricedLine => ({
  key,
  pricing: { pricing_model, list_price, tiers: lineTiers },
  timing: pricing_model === "usage_based" ? "in_arrears" : "in_advance",
  period,
  quantity,
});

describe("computePreview", () => {
  // Start 2029-01-31, today 2029-03-10.
  // Cycle (monthly, clamped): [2029-02-28, 2029-03-31): 31 days, 21 remaining from 03-10.
  // Quarter: [2029-01-31, 2029-04-30): 28 + 31 + 30 = 89 days, 21 + 30 = 51 remaining.
  // Year: [2029-01-31, 2030-01-31): 365 days, 327 remaining.
  const before = [
    line("a", "per_unit", 10, "monthly", 3),
    line("b", "volume", 5, "quarterly", 8, tiers),
    line("c", "tiered", 5, "annual", 8, tiers),
    line("d", "pre_rated", 2.5, "monthly", 4),
    line("e", "flat", 30, "monthly", 1),
    line("f", "usage_based", 0.5, "monthly", null),
  ];
  const after = [
    line("a", "per_unit", 10, "monthly", 5),
    line("b", "volume", 5, "quarterly", 12, tiers),
    line("c", "tiered", 5, "annual", 12, tiers),
    line("d", "pre_rated", 2.5, "monthly", 2),
    line("e", "flat", 30, "monthly", 7),
    line("f", "usage_based", 0.5, "monthly", null),
  ];
  const usage = new Map([["f", { previous: 11, current: 7 }]]);

  it("prorates each changed in-advance line over the rest of its own period", () => {
    const preview = computePreview({
      startDate: "2029-01-31",
      currency: "USD",
      today: "2029-03-10",
      before,
      after,
      usage,
    });
    // a: (50 − 30) × 21/31 = 13.548… → 13.55
    // b: volume 8 → 12: 40 → 48, 8 × 51/89 = 4.584… → 4.58
    // c: tiered 8 → 12: 40 → 58, 18 × 327/365 = 16.126… → 16.13
    // d: pre_rated 4 → 2: 10 → 5, −5 × 21/31 = −3.387… → −3.39
    // e: flat ignores quantity: 0; f: usage-based: nothing now
    expect(preview.current_invoice.invoice_amount).toBe(30.87);
    // prior, at cs 2029-02-28: monthly a 30 + d 10 + e 30 (no quarter or year begins then)
    // + usage of [01-31, 02-28): 11 × 0.5 = 5.50 → 75.50
    expect(preview.prior_invoice.invoice_amount).toBe(75.5);
    // next, at ce 2029-03-31: a 50 + d 5 + e 30 + usage so far 7 × 0.5 = 3.50 → 88.50
    expect(preview.next_invoice.invoice_amount).toBe(88.5);
    expect(preview.contract_effective_date).toBe("2029-03-10");
    expect(preview.currency).toBe("USD");
  });

  it("bills added lines from today and credits removed ones", () => {
    const preview = computePreview({
      startDate: "2029-01-31",
      currency: "USD",
      today: "2029-03-10",
      before: [line("a", "per_unit", 10, "monthly", 3), line("c", "flat", 73, "annual", 1)],
      after: [line("a", "per_unit", 10, "monthly", 3), line("new:0:0", "flat", 62, "monthly", 1)],
      usage: new Map(),
    });
    // added: 62 × 21/31 = 42.00; removed annual: −73 × 327/365 = −65.4 → −65.40
    expect(preview.current_invoice.invoice_amount).toBe(-23.4);
    // prior: a 30 (the year began 01-31, not at cs); next: a 30 + added 62
    expect(preview.prior_invoice.invoice_amount).toBe(30);
    expect(preview.next_invoice.invoice_amount).toBe(92);
  });

  it("answers 0 now for a change that moves no amount", () => {
    const preview = computePreview({
      startDate: "2029-01-31",
      currency: "CAD",
      today: "2029-03-10",
      before,
      after: before,
      usage,
    });
    expect(preview.current_invoice.invoice_amount).toBe(0);
    expect(preview.next_invoice.invoice_amount).toBe(30 + 10 + 30 + 3.5);
  });
});

describe("cancel end dates", () => {
  const s = { start_date: "2029-01-31", contract_term: 12 };
  it("answers the effective date of each cancellation type", () => {
    expect(cancelEndDate(s, "today", "2029-03-10")).toBe("2029-03-10");
    expect(cancelEndDate(s, "end_of_current_billing_period", "2029-03-10")).toBe("2029-03-31");
    expect(cancelEndDate(s, "end_of_previous_billing_period", "2029-03-10")).toBe("2029-02-28");
    expect(cancelEndDate(s, "end_of_current_contract_term", "2029-03-10")).toBe("2030-01-31");
    expect(cancelEndDate(s, "specific_date", "2029-03-10", "2029-06-01")).toBe("2029-06-01");
  });
});
