// @vitest-environment jsdom
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListTable } from "@/components/tables/core/list-table";
import { invoiceTable } from "@/components/tables/invoices/columns";
import type { ListAnswer } from "@/lib/schemas/lists";
import { cleanUp, renderWithProviders, waitFor } from "./render";
import { invoice } from "./rows";

const fetchListPage = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ fetchListPage }));

afterEach(() => {
  cleanUp();
  fetchListPage.mockReset();
});

function renderInvoices(rowActions?: Parameters<typeof ListTable<"invoices">>[0]["rowActions"]) {
  const answer: ListAnswer<"invoices"> = {
    rows: [invoice({ id: "INV-1" }), invoice({ id: "INV-2" })],
    total: 2,
    config: null,
  };
  fetchListPage.mockResolvedValue(answer);
  renderWithProviders(
    h(NuqsTestingAdapter, {
      searchParams: "?tab=invoices",
      children: h(ListTable<"invoices">, { spec: invoiceTable, customerId: "C-1", rowActions }),
    }),
  );
}

const table = () => document.querySelector("table")!;
const widthOf = (element: Element) => Number.parseFloat((element as HTMLElement).style.width);

describe("ListTable's row-action slot", () => {
  it("adds a headed last column, a cell per row and its width to the table's, and the card's foot", async () => {
    renderInvoices({
      label: "Actions",
      width: 120,
      render: (row) => h("button", { type: "button" }, `Pay ${row.id}`),
    });
    await waitFor(() => expect(document.querySelectorAll("tbody tr")).toHaveLength(2));

    const headers = [...table().querySelectorAll("thead th")];
    const last = headers.at(-1)!;
    expect(last.textContent).toBe("Actions");
    expect(last.getAttribute("scope")).toBe("col");
    expect(widthOf(last)).toBe(120);
    const columns = headers.slice(0, -1).reduce((sum, th) => sum + widthOf(th), 0);
    expect(widthOf(table())).toBe(columns + 120);

    for (const row of table().querySelectorAll("tbody tr")) {
      expect(row.children).toHaveLength(headers.length);
      expect(row.lastElementChild!.textContent).toMatch(/^Pay INV-\d$/);
    }
    const cards = [...document.querySelectorAll("ul li")].map((li) => li.textContent ?? "");
    expect(cards.filter((text) => text.includes("Pay INV-"))).toHaveLength(2);
  });

  it("without it, the table is the columns alone", async () => {
    renderInvoices();
    await waitFor(() => expect(document.querySelectorAll("tbody tr")).toHaveLength(2));
    const headers = [...table().querySelectorAll("thead th")];
    expect(headers.map((th) => th.textContent)).not.toContain("Actions");
    const columns = headers.reduce((sum, th) => sum + widthOf(th), 0);
    expect(widthOf(table())).toBe(columns);
    expect(table().querySelector("tbody tr")!.children).toHaveLength(headers.length);
  });
});
