// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { previewRows } from "@/components/subscriptions/dialogs/preview-rows";
import { ApiError } from "@/lib/api-client";
import type { ChangePreview, SubscriptionChange } from "@/lib/schemas/subscriptions";
import { button, cleanUp, click, settle, waitFor } from "../lists-ui/render";
import { alertText, dialogs, openWith, subscription, titleOf, top } from "./dialogs-support";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const change: SubscriptionChange = {
  fields: { po_number: "PO-9" },
  charges: [],
  addPlans: [{ planId: "PLN-SILVER", charges: [] }],
  removePlans: ["SPL-1"],
};
const summary = [
  { label: "PO number", from: "PO-1", to: "PO-9" },
  { label: "Plan", from: null, to: "Silver" },
  { label: "Plan", from: "Gold", to: null },
];
const preview: ChangePreview = {
  priorInvoice: 120,
  currentInvoice: -15.5,
  nextInvoice: 99,
  contractEffectiveDate: "2026-04-01",
  currency: "USD",
};
const refusal = (detail: string) =>
  new ApiError(400, "invalid_request", "errors.generic", {}, null, detail);

const onApplied = vi.fn();

async function open() {
  const opener = openWith((d) => d.openChange({ subscription, change, summary, onApplied }));
  await waitFor(() => button("Preview changes", top()));
  return opener;
}

async function toPreview() {
  apiFetch.mockResolvedValueOnce(preview);
  const opener = await open();
  click(button("Preview changes", top()));
  await waitFor(() => button("Confirm", top()));
  return opener;
}

beforeEach(() => {
  apiFetch.mockReset();
  onApplied.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

describe("Change Subscription dialog (spec 001 §2, §4)", () => {
  it("lists the pending changes: from → to, added and removed", async () => {
    await open();
    expect(titleOf(top())).toBe("Change Subscription");
    const rows = [...top().querySelectorAll("tbody tr")].map((tr) =>
      [...tr.querySelectorAll("td")].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ["PO number", "PO-1", "PO-9"],
      ["Plan", "None", "SilverAdded"],
      ["Plan", "Gold", "Removed"],
    ]);
    expect([...top().querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Change",
      "Current",
      "New",
    ]);
  });

  it("shows a preview error inside the dialog and stays open", async () => {
    apiFetch.mockRejectedValueOnce(refusal("The last plan cannot go."));
    await open();
    click(button("Preview changes", top()));
    await settle();
    expect(apiFetch).toHaveBeenCalledWith("/api/subscriptions/SUB-1/preview", {
      method: "POST",
      body: change,
    });
    expect(dialogs()).toHaveLength(1);
    expect(alertText()).toBe("The last plan cannot go.");

    apiFetch.mockRejectedValueOnce(new ApiError(502, "upstream", "errors.upstream"));
    click(button("Preview changes", top()));
    await settle();
    expect(alertText()).toBe("The preview could not be calculated. Please try again.");
  });

  it("becomes Change Preview (the same dialog, one flow) with the amounts and the effective date", async () => {
    apiFetch.mockResolvedValueOnce(preview);
    await open();
    const flow = top();
    click(button("Preview changes", flow));
    await waitFor(() => button("Confirm", top()));
    expect(top()).toBe(flow);
    expect(dialogs()).toHaveLength(1);
    expect(document.activeElement).toBe(button("Confirm", flow));
    expect(titleOf(top())).toBe("Change Preview");
    const rows = [...top().querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")?.textContent,
      row.querySelector("dd")?.textContent,
    ]);
    expect(rows).toEqual([
      ["Prior invoice", "$120.00"],
      ["Current invoice", "$15.50 credit"],
      ["Next invoice", "$99.00"],
      ["Contract effective date", "April 01, 2026"],
    ]);
  });

  it("applies on Confirm: success toast, the caller told, focus back on the opener", async () => {
    const opener = await toPreview();
    apiFetch.mockResolvedValueOnce({ subscription });
    click(button("Confirm", top()));
    await settle();
    expect(apiFetch).toHaveBeenLastCalledWith("/api/subscriptions/SUB-1", {
      method: "PUT",
      body: change,
    });
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription Changed Successfully");
    expect(onApplied).toHaveBeenCalledTimes(1);
    expect(dialogs()).toHaveLength(0);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("closes with the server's message when applying fails, and leaves the edit pending", async () => {
    await toPreview();
    apiFetch.mockRejectedValueOnce(refusal("Quantity must be a whole number."));
    click(button("Confirm", top()));
    await settle();
    expect(toasts.toastError).toHaveBeenCalledWith("Quantity must be a whole number.");
    expect(onApplied).not.toHaveBeenCalled();
    expect(dialogs()).toHaveLength(0);
  });

  it("closes from the preview step on Cancel without applying", async () => {
    await toPreview();
    click(button("Cancel", top()));
    await settle();
    expect(dialogs()).toHaveLength(0);
    expect(apiFetch).toHaveBeenCalledTimes(1);
    expect(onApplied).not.toHaveBeenCalled();
  });
});

describe("previewRows", () => {
  it("formats money in the preview's currency and locale, a positive current invoice as is", () => {
    const rows = previewRows({ ...preview, currency: "EUR", currentInvoice: 10 }, "es");
    expect(rows.map((r) => [r.key, r.value.replace(/\s/g, " "), r.credit])).toEqual([
      ["priorInvoice", "120,00 €", false],
      ["currentInvoice", "10,00 €", false],
      ["nextInvoice", "99,00 €", false],
      ["effectiveDate", "1 de abril de 2026", false],
    ]);
  });
});
