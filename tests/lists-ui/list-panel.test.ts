// @vitest-environment jsdom
// The invoices tab offers what the company's billing API offers (its portal configuration): rows
// are chosen to be zipped or paid; with neither offered, there is nothing to choose them for.
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListPanel } from "@/components/dashboard/list-panel";
import { DocumentOperationsProvider } from "@/components/documents/operations";
import type { ListAnswer } from "@/lib/schemas/lists";
import { click, cleanUp, findButton, renderWithProviders, waitFor } from "./render";
import { invoice } from "./rows";

const fetchListPage = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ fetchListPage }));

afterEach(() => {
  cleanUp();
  fetchListPage.mockReset();
});

async function renderInvoicesTab(zips: boolean) {
  const answer: ListAnswer<"invoices"> = {
    rows: [invoice({ id: "INV-1" }), invoice({ id: "INV-2" })],
    total: 2,
    config: null,
  };
  fetchListPage.mockResolvedValue(answer);
  renderWithProviders(
    h(NuqsTestingAdapter, {
      searchParams: "?tab=invoices",
      children: h(
        DocumentOperationsProvider,
        { value: { zips, exportDownloads: true } },
        h(ListPanel, { tab: "invoices", customerId: "C-1", payments: null }),
      ),
    }),
  );
  await waitFor(() => expect(document.querySelectorAll("tbody tr")).toHaveLength(2));
}

const checkboxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];

describe("the invoices tab's choice of rows", () => {
  it("offers the rows' checkboxes and 'Download PDFs' where zips are offered", async () => {
    await renderInvoicesTab(true);
    const boxes = checkboxes();
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    click(boxes.find((b) => b.getAttribute("aria-label")?.includes("INV-1"))!);
    await waitFor(() => expect(findButton("Download PDFs")).toBeTruthy());
  });

  it("offers no checkboxes where neither zips nor payments are offered", async () => {
    await renderInvoicesTab(false);
    expect(checkboxes()).toHaveLength(0);
    expect(findButton("Download PDFs")).toBeFalsy();
  });
});
