// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CellValue } from "@/components/tables/cells/cell-value";
import { CollapsibleList } from "@/components/tables/cells/collapsible-list";
import { CreditBalanceCell } from "@/components/tables/cells/credit-balance-cell";
import { InvoicePdfLink } from "@/components/tables/cells/invoice-pdf-link";
import { InvoiceTotalsCell } from "@/components/tables/cells/invoice-totals-cell";
import { OverdueCell } from "@/components/tables/cells/overdue-cell";
import { StatementPdfLink } from "@/components/tables/cells/statement-pdf-link";
import type { Credit, ListColumn, Payment } from "@/lib/schemas/lists";
import { stubOpen } from "./fake-tab";
import { invoice } from "./rows";
import { cleanUp, renderWithProviders, settle } from "./render";

const fetchInvoicePdfUrl = vi.hoisted(() => vi.fn());
const fetchAttachmentUrl = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ fetchInvoicePdfUrl, fetchAttachmentUrl }));
const toastError = vi.hoisted(() => vi.fn());
vi.mock("@/components/feedback/toaster", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/components/feedback/toaster")>()),
  toastError,
}));

afterEach(() => {
  cleanUp();
  vi.restoreAllMocks();
  fetchInvoicePdfUrl.mockReset();
  fetchAttachmentUrl.mockReset();
  toastError.mockReset();
});

const text = () => document.body.textContent ?? "";

const column: ListColumn = {
  id: "invoice_ids",
  field: "invoiceIds",
  custom: false,
  headerKey: "lists.columns.invoiceIds",
  label: null,
  kind: "idList",
  sortable: false,
  mobile: false,
  required: false,
  visible: true,
};

describe("list cells (spec 001 §4, §9)", () => {
  it("shows Posted as Unpaid, money with two decimals and the row's symbol, dates as MMM DD, YYYY", () => {
    renderWithProviders(
      h("div", null, [
        h(CellValue, { key: 1, list: "invoices", kind: "status", value: "Posted", currency: null }),
        h(CellValue, { key: 2, list: "invoices", kind: "money", value: 1234.5, currency: "EUR" }),
        h(CellValue, { key: 3, list: "invoices", kind: "money", value: "7", currency: null }),
        h(CellValue, {
          key: 4,
          list: "invoices",
          kind: "date",
          value: "2024-01-05",
          currency: null,
        }),
        h(CellValue, { key: 5, list: "invoices", kind: "date", value: null, currency: null }),
      ]),
    );
    expect(text()).toBe("Unpaid€1,234.50$7.00Jan 05, 2024-");
  });

  it("shows booleans as Yes, No or '-', and failed payments in the danger tone", () => {
    renderWithProviders(
      h("div", null, [
        h(CellValue, { key: 1, list: "payments", kind: "boolean", value: true, currency: null }),
        h(CellValue, { key: 2, list: "payments", kind: "boolean", value: false, currency: null }),
        h(CellValue, { key: 3, list: "payments", kind: "boolean", value: null, currency: null }),
        h(CellValue, { key: 4, list: "payments", kind: "status", value: "failed", currency: null }),
      ]),
    );
    expect(text()).toBe("YesNo-Failed");
    expect(document.querySelector('[data-tone="danger"]')?.textContent).toBe("Failed");
  });

  it("cuts texts over 40 characters, keeping the whole text for screen readers and the tooltip", () => {
    const long = "Metered water consumption — main building, north wing";
    renderWithProviders(
      h(CellValue, { list: "usages", kind: "text", value: long, currency: null }),
    );
    const trigger = document.querySelector("button")!;
    expect(trigger.querySelector('[aria-hidden="true"]')?.textContent).toBe(
      `${long.slice(0, 40).trimEnd()}…`,
    );
    expect(trigger.querySelector(".sr-only")?.textContent).toBe(long);
  });

  it("marks an invoice overdue by the API's flag, else by the rule", () => {
    renderWithProviders(
      h("div", null, [
        h(OverdueCell, { key: 1, invoice: invoice({ overdue: true }) }),
        h(OverdueCell, { key: 2, invoice: invoice({ overdue: null, status: "Paid" }) }),
        h(OverdueCell, { key: 3, invoice: invoice({ overdue: null, dueDate: "2001-01-01" }) }),
      ]),
    );
    expect(text()).toBe("YesNoYes");
  });

  it("shows a credit's balance only when Processed or Partially Refunded", () => {
    const credit = (status: string): Credit => ({
      id: "CR-1",
      creditDate: "2024-01-01",
      creditAmount: 50,
      unappliedAmount: 12.5,
      currency: "GBP",
      referenceNumber: null,
      status,
      createdDate: null,
      updatedDate: null,
      customFields: {},
    });
    renderWithProviders(
      h("div", null, [
        h(CreditBalanceCell, { key: 1, credit: credit("Processed") }),
        h("span", { key: 2 }, "|"),
        h(CreditBalanceCell, { key: 3, credit: credit("Refunded") }),
      ]),
    );
    expect(text()).toBe("£12.50|-");
  });

  it("collapses invoice ids and minor-unit totals to two, with load more and load less", () => {
    const payment = {
      id: "PAY-1",
      currency: "USD",
      invoiceTotals: [1050, 200, 30],
    } as unknown as Payment;
    renderWithProviders(
      h("div", null, [
        h(CollapsibleList, { key: 1, entries: ["A", "B", "C"], column, rowId: "PAY-1" }),
        h(InvoiceTotalsCell, { key: 2, payment, column }),
      ]),
    );
    const lists = document.querySelectorAll("ul");
    expect(lists[0]?.textContent).toBe("AB");
    expect(lists[1]?.textContent).toBe("$10.50$2.00");
    const more = document.querySelectorAll("button")[0]!;
    expect(more.getAttribute("aria-expanded")).toBe("false");
    expect(more.textContent).toBe("Load more Invoices of PAY-1");
    act(() => more.click());
    expect(lists[0]?.textContent).toBe("ABC");
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(more.textContent).toContain("Load less");
  });

  it("opens VIEW's tab within the click, asks for the invoice's PDF once however often it is clicked, and loads the link into that tab", async () => {
    const { open, tabs } = stubOpen();
    let answer: (value: { url: string | null }) => void = () => {};
    fetchInvoicePdfUrl.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(h(InvoicePdfLink, { invoiceId: "INV-9" }));
    const view = document.querySelector("button")!;
    act(() => view.click());
    // Still inside the click, before the link has come: the empty tab is there, cut off from us.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tabs[0]?.opener).toBeNull();
    act(() => view.click());
    expect(open).toHaveBeenCalledTimes(1);
    expect(view.getAttribute("aria-busy")).toBe("true");

    answer({ url: "https://files.example/inv-9.pdf" });
    await settle();
    expect(fetchInvoicePdfUrl).toHaveBeenCalledTimes(1);
    expect(fetchInvoicePdfUrl).toHaveBeenCalledWith("INV-9");
    expect(tabs[0]?.location.replace).toHaveBeenCalledWith("https://files.example/inv-9.pdf");
    expect(tabs[0]?.close).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
    expect(view.getAttribute("aria-busy")).toBeNull();
  });

  it("closes VIEW's empty tab and shows the error toast when no link comes, and is usable again", async () => {
    const { open, tabs } = stubOpen();
    fetchInvoicePdfUrl.mockRejectedValueOnce(new Error("upstream"));
    renderWithProviders(h(InvoicePdfLink, { invoiceId: "INV-9" }));
    const view = document.querySelector("button")!;
    act(() => view.click());
    await settle();
    expect(tabs[0]?.close).toHaveBeenCalledTimes(1);
    expect(tabs[0]?.location.replace).not.toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith("Something went wrong. Please try again.");
    expect(view.getAttribute("aria-busy")).toBeNull();

    // A link the browser must not open is no link either; the next click tries again.
    fetchInvoicePdfUrl.mockResolvedValueOnce({ url: "javascript:alert(1)" });
    act(() => view.click());
    await settle();
    expect(open).toHaveBeenCalledTimes(2);
    expect(tabs[1]?.location.replace).not.toHaveBeenCalled();
    expect(tabs[1]?.close).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledTimes(2);
  });

  it("opens an attachment's tab within the click and loads its signed link into it", async () => {
    const { open, tabs } = stubOpen();
    let answer: (value: { url: string | null }) => void = () => {};
    fetchAttachmentUrl.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(
      h(CellValue, {
        list: "invoices",
        kind: "attachment",
        value: { attachmentId: "att-7", fileName: "contract.pdf" },
        currency: null,
      }),
    );
    const download = document.querySelector("button")!;
    act(() => download.click());
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(tabs[0]?.opener).toBeNull();
    answer({ url: "https://files.example/att-7" });
    await settle();
    expect(fetchAttachmentUrl).toHaveBeenCalledWith("att-7");
    expect(tabs[0]?.location.replace).toHaveBeenCalledWith("https://files.example/att-7");
    expect(toastError).not.toHaveBeenCalled();
  });

  it("links a statement's PDF in a new tab only when its URL is http(s)", () => {
    renderWithProviders(
      h("div", null, [
        h(StatementPdfLink, { key: 1, statementId: "ST-1", url: "https://files.example/st-1.pdf" }),
        h(StatementPdfLink, { key: 2, statementId: "ST-2", url: "javascript:alert(1)" }),
        h(StatementPdfLink, { key: 3, statementId: "ST-3", url: null }),
      ]),
    );
    const links = document.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(links[0]?.getAttribute("target")).toBe("_blank");
    expect(links[0]?.textContent).toBe("VIEW statement ST-1 (opens in a new tab)");
  });
});
