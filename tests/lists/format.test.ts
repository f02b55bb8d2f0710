import { describe, expect, it } from "vitest";
import { easternToday, formatDate, formatLongDate } from "@/lib/format/dates";
import { formatMinorMoney, formatMoney, minorToMajor } from "@/lib/format/money";
import {
  displayStatus,
  formatCreditBalance,
  statusText,
  isOverdue,
  showsCreditBalance,
  statusTone,
} from "@/lib/format/status";
import esLists from "@/messages/es/lists.json";
import { booleanMessageKey, collapseEntries, displayText, needsTooltip } from "@/lib/format/values";

describe("money (spec 001 §9)", () => {
  it("shows two decimals and the row currency's symbol", () => {
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    expect(formatMoney("12", "EUR")).toBe("€12.00");
    expect(formatMoney(-3.456, "GBP")).toBe("-£3.46");
  });

  it("uses $ when the row names no currency, or a malformed one", () => {
    expect(formatMoney(5, null)).toBe("$5.00");
    expect(formatMoney(5, "dollars")).toBe("$5.00");
  });

  it("follows the locale", () => {
    expect(formatMoney(1234.5, "EUR", "es")).toMatch(/^1234,50\s€$/);
    // Right to left, the symbol is isolated so 'US$' does not turn into '$US' beside the amount.
    expect(formatMoney(7368.46, "USD", "ar")).toBe("\u200f7,368.46\u00a0\u2066US$\u2069");
  });

  it("shows '-' without an amount", () => {
    expect(formatMoney(null, "USD")).toBe("-");
    expect(formatMoney("abc", "USD")).toBe("-");
  });

  it("divides minor units by 100", () => {
    expect(minorToMajor(12345)).toBe(123.45);
    expect(formatMinorMoney(12345, "USD")).toBe("$123.45");
    expect(formatMinorMoney(null, "USD")).toBe("-");
  });
});

describe("dates (spec 001 §9)", () => {
  it("shows a date-only value as that calendar day", () => {
    expect(formatDate("2024-01-05")).toBe("Jan 05, 2024");
    expect(formatDate("2024-12-31")).toBe("Dec 31, 2024");
  });

  it("shows a timestamp as its day in US Eastern time", () => {
    // 03:00 UTC on Jan 6 is still Jan 5 in New York.
    expect(formatDate("2024-01-06T03:00:00Z")).toBe("Jan 05, 2024");
    expect(formatDate("2024-07-06T05:00:00Z")).toBe("Jul 06, 2024");
  });

  it("reads integer timestamps as UTC (seconds or milliseconds)", () => {
    const lateJan5Utc = Date.UTC(2024, 0, 5, 23, 30);
    expect(formatDate(lateJan5Utc)).toBe("Jan 05, 2024");
    expect(formatDate(lateJan5Utc / 1000)).toBe("Jan 05, 2024");
    expect(formatDate(String(lateJan5Utc))).toBe("Jan 05, 2024");
  });

  it.each([null, undefined, "", "not a date", "2024-02-30"])("shows '-' for %j", (value) => {
    expect(formatDate(value)).toBe("-");
  });

  it("has a long form", () => {
    expect(formatLongDate("2024-01-05")).toBe("January 05, 2024");
  });

  it("keeps the spec's MMM DD, YYYY in English and each other locale's own medium date", () => {
    expect(formatDate("2024-01-05", "en")).toBe("Jan 05, 2024");
    expect(formatDate("2024-01-05", "de")).toBe("05.01.2024");
    expect(formatDate("2024-01-05", "fr")).toBe("5 janv. 2024");
    expect(formatDate("2024-01-05", "ja")).toBe("2024/01/05");
    expect(formatLongDate("2024-01-05", "de")).toBe("5. Januar 2024");
    // The same calendar day wherever the server or the browser stands: a timestamp late on Jan 5
    // in New York is Jan 5 in Tokyo's format too.
    expect(formatDate("2024-01-06T03:00:00Z", "ja")).toBe("2024/01/05");
  });

  it("knows today in US Eastern time", () => {
    expect(easternToday(new Date("2024-03-01T04:59:00Z"))).toBe("2024-02-29");
    expect(easternToday(new Date("2024-03-01T05:00:00Z"))).toBe("2024-03-01");
  });
});

describe("status display (spec 001 §4)", () => {
  it("shows the invoice status Posted as unpaid", () => {
    expect(displayStatus("invoices", "Posted")).toBe("Unpaid");
    expect(displayStatus("invoices", "posted")).toBe("unpaid");
    expect(displayStatus("invoices", "Partially paid")).toBe("Partially paid");
  });

  it("capitalises payment statuses", () => {
    expect(displayStatus("payments", "succeeded")).toBe("Succeeded");
    expect(displayStatus("payments", "")).toBe("-");
  });

  it("reads the fixed statuses in the reader's language, after the display rule", () => {
    const lists: Record<string, unknown> = { lists: esLists };
    const lookup = (key: string) =>
      key
        .split(".")
        .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lists);
    const t = Object.assign((key: string) => String(lookup(key)), {
      has: (key: string) => typeof lookup(key) === "string",
    });
    expect(statusText("invoices", "Posted", t)).toBe("Pendiente de pago");
    expect(statusText("invoices", "posted", t)).toBe("pendiente de pago");
    expect(statusText("invoices", "Partially paid", t)).toBe("Pagada parcialmente");
    expect(statusText("payments", "succeeded", t)).toBe("Completado");
    expect(statusText("credits", "Partially Refunded", t)).toBe("Reembolsado parcialmente");
    // A status the vocabulary does not know reads as the API sent it.
    expect(statusText("credits", "On hold", t)).toBe("On hold");
    expect(statusText("payments", null, t)).toBe("-");
  });

  it("shows failed payments in red", () => {
    expect(statusTone("payments", "failed")).toBe("danger");
    expect(statusTone("payments", "succeeded")).toBe("neutral");
  });
});

describe("overdue rule", () => {
  const now = new Date("2024-03-01T04:00:00Z"); // Feb 29 in New York

  it("is overdue when the due date is before today (Eastern) and the invoice is open", () => {
    expect(isOverdue({ dueDate: "2024-02-28", status: "Posted" }, now)).toBe(true);
    expect(isOverdue({ dueDate: "2024-02-28", status: "Unpaid" }, now)).toBe(true);
    expect(isOverdue({ dueDate: "2024-02-28", status: "Partially paid" }, now)).toBe(true);
  });

  it("is not overdue on the due date itself, Eastern time", () => {
    expect(isOverdue({ dueDate: "2024-02-29", status: "Posted" }, now)).toBe(false);
  });

  it("is not overdue when paid or void or without a due date", () => {
    expect(isOverdue({ dueDate: "2024-01-01", status: "Paid" }, now)).toBe(false);
    expect(isOverdue({ dueDate: "2024-01-01", status: "Void" }, now)).toBe(false);
    expect(isOverdue({ dueDate: null, status: "Posted" }, now)).toBe(false);
  });
});

describe("credit balance rule", () => {
  it("shows the balance only for Processed or Partially Refunded", () => {
    expect(showsCreditBalance("Processed")).toBe(true);
    expect(showsCreditBalance("Partially Refunded")).toBe(true);
    expect(showsCreditBalance("Refunded")).toBe(false);
    expect(showsCreditBalance("Draft")).toBe(false);
    expect(showsCreditBalance(null)).toBe(false);
  });

  it("formats it as money or '-'", () => {
    const credit = { unappliedAmount: 40, currency: "USD" };
    expect(formatCreditBalance({ ...credit, status: "Processed" })).toBe("$40.00");
    expect(formatCreditBalance({ ...credit, status: "Refunded" })).toBe("-");
  });
});

describe("cell values", () => {
  it("shows booleans as Yes / No keys and '-' when unknown", () => {
    expect(booleanMessageKey(true)).toBe("lists.boolean.yes");
    expect(booleanMessageKey(false)).toBe("lists.boolean.no");
    expect(booleanMessageKey("TRUE")).toBe("lists.boolean.yes");
    expect(booleanMessageKey(null)).toBeNull();
    expect(booleanMessageKey("maybe")).toBeNull();
  });

  it("shows '-' for empty values", () => {
    expect(displayText("")).toBe("-");
    expect(displayText(null)).toBe("-");
    expect(displayText(0)).toBe("0");
  });

  it("gives texts over 40 characters a tooltip", () => {
    expect(needsTooltip("x".repeat(40))).toBe(false);
    expect(needsTooltip("x".repeat(41))).toBe(true);
  });

  it("collapses lists of more than 2 entries", () => {
    expect(collapseEntries(["a", "b"], false)).toEqual({
      visible: ["a", "b"],
      hidden: 0,
      toggles: false,
    });
    expect(collapseEntries(["a", "b", "c", "d"], false)).toEqual({
      visible: ["a", "b"],
      hidden: 2,
      toggles: true,
    });
    expect(collapseEntries(["a", "b", "c"], true)).toEqual({
      visible: ["a", "b", "c"],
      hidden: 0,
      toggles: true,
    });
  });
});
