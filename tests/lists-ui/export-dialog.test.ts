// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentOperationsProvider } from "@/components/documents/operations";
import { ExportButton } from "@/components/tables/export/export-button";
import { ApiError } from "@/lib/api-client";
import { defaultListView, type ListView } from "@/lib/lists/params";
import {
  button,
  cleanUp,
  click,
  findButton,
  radio,
  renderWithProviders,
  settle,
  waitFor,
} from "./render";

const startExport = vi.hoisted(() => vi.fn());
vi.mock("@/lib/lists/bff", () => ({ startExport }));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

function deferred() {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const view: ListView = {
  ...defaultListView("invoices"),
  pageIndex: 2,
  filters: [{ field: "status", operator: "equal", value: "unpaid" }],
};
const sort = { column: "due_date", direction: "asc" } as const;

/** A button of the dialog on top of the stack. */
const inTop = (name: string) => button(name, dialogs().at(-1)!);
const dialogs = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
const titleOf = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent;
const status = () =>
  [...document.querySelectorAll('[role="dialog"] [role="status"]')]
    .map((s) => s.textContent)
    .join("");

async function openDialog(operations = { zips: true, exportDownloads: true }) {
  renderWithProviders(
    h(
      DocumentOperationsProvider,
      { value: operations },
      h(ExportButton, { list: "invoices", view, hiddenColumns: ["salesforce_id"], sort }),
    ),
  );
  // A person's click focuses the button (jsdom's click does not).
  act(() => button("Export").focus());
  click(button("Export"));
  // The frame and the body's code load on first open.
  await waitFor(() => radio("Filtered data"));
  expect(dialogs()).toHaveLength(1);
}

beforeEach(() => {
  startExport.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

describe("export dialog (spec 001 §2, §8)", () => {
  it("opens titled after the list with filtered data and XLSX chosen", async () => {
    await openDialog();
    expect(titleOf(dialogs()[0]!)).toBe("Export invoices");
    expect(radio("Filtered data").checked).toBe(true);
    expect(radio("Excel (XLSX)").checked).toBe(true);
    expect(radio("All data").checked).toBe(false);
    expect(dialogs()[0]!.textContent).toContain("The records matching the 1 filter shown");
    // Focus starts on the checked choice.
    expect(document.activeElement).toBe(radio("Filtered data"));
  });

  it("exports the view's filters, the hidden columns and the sort, then closes with a success toast", async () => {
    startExport.mockResolvedValue(undefined);
    await openDialog();
    click(radio("CSV"));
    click(inTop("Export"));
    await settle();
    expect(startExport).toHaveBeenCalledWith("invoices", view, {
      preference: "filtered_data",
      format: "csv",
      excludedColumns: ["salesforce_id"],
      sort,
    });
    expect(dialogs()).toHaveLength(0);
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Export started: we will e-mail it to you");
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(button("Export")));
  });

  it("stays open, busy and deaf to a second click until the export has started", async () => {
    const gate = deferred();
    startExport.mockReturnValue(gate.promise);
    await openDialog();
    const confirm = inTop("Export");
    click(confirm);
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    expect(inTop("Cancel").disabled).toBe(true);
    expect(inTop("Close").disabled).toBe(true);
    expect(radio("All data").closest("fieldset")?.disabled).toBe(true);
    expect(status()).toBe("Starting the export…");
    click(confirm);
    await settle();
    expect(startExport).toHaveBeenCalledTimes(1);
    gate.resolve();
    await settle();
    expect(dialogs()).toHaveLength(0);
  });

  it("asks 'Do you want to export all records?' first and exports nothing when declined", async () => {
    startExport.mockResolvedValue(undefined);
    await openDialog();
    click(radio("All data"));
    act(() => inTop("Export").focus());
    click(inTop("Export"));
    // The confirmation's body loads on its first use.
    await waitFor(() => expect(dialogs()[1]?.textContent).toContain("Cancel"));
    const stack = dialogs();
    expect(stack).toHaveLength(2);
    expect(stack[1]!.textContent).toContain("Do you want to export all records?");
    const declines = [...stack[1]!.querySelectorAll("button")].filter(
      (b) => b.textContent === "Cancel",
    );
    click(declines[0]!);
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(startExport).not.toHaveBeenCalled();
    expect(radio("All data").checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(inTop("Export")));

    click(inTop("Export"));
    await settle();
    click(inTop("Export all"));
    await settle();
    expect(startExport).toHaveBeenCalledWith(
      "invoices",
      view,
      expect.objectContaining({ preference: "all_data", format: "xlsx" }),
    );
    expect(dialogs()).toHaveLength(0);
  });

  it("keeps the dialog open with an error toast when the export fails", async () => {
    startExport.mockRejectedValue(new ApiError(502, "upstream", "errors.upstream"));
    await openDialog();
    click(inTop("Export"));
    await settle();
    expect(dialogs()).toHaveLength(1);
    expect(toasts.toastError).toHaveBeenCalledWith(
      "The billing service is not available right now. Please try again later.",
    );
    expect(inTop("Export").getAttribute("aria-busy")).toBeNull();

    startExport.mockRejectedValue(new Error("boom"));
    click(inTop("Export"));
    await settle();
    expect(toasts.toastError).toHaveBeenLastCalledWith(
      "The export could not be started. Please try again.",
    );
  });

  it("offers 'Download now' only where the billing API offers the download", async () => {
    await openDialog();
    expect(inTop("Download now")).toBeTruthy();
    cleanUp();
    await openDialog({ zips: true, exportDownloads: false });
    expect(dialogs()[0]!.textContent).not.toContain("Download now");
    // The e-mailed export is still there.
    expect(inTop("Export")).toBeTruthy();
  });

  it("closes on Cancel without exporting", async () => {
    await openDialog();
    click(inTop("Cancel"));
    await settle();
    expect(dialogs()).toHaveLength(0);
    expect(findButton("Export")).toBeDefined();
    expect(startExport).not.toHaveBeenCalled();
  });
});
