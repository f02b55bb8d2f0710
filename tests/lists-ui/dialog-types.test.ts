import { describe, expect, it, vi } from "vitest";
import { askConfirmation, confirmationDialog } from "@/components/dialogs/dialogs";
import { exportDialog } from "@/components/tables/export/dialogs";
import { DialogConfigError, createDialogStore } from "@/lib/dialogs";

describe("dialog stack: the features' own dialogs", () => {
  it("refuses a dialog shown without its kind", () => {
    const store = createDialogStore();
    expect(() => store.show({ data: { filterCount: 0 } } as never)).toThrow(DialogConfigError);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("hands the export body's result to onOkay", async () => {
    const store = createDialogStore();
    const onOkay = vi.fn(() => true);
    const download = vi.fn(async () => undefined);
    const id = store.show({ kind: exportDialog, data: { filterCount: 0, download }, onOkay });
    await expect(store.close(id, "okay", { preference: "all_data", format: "csv" })).resolves.toBe(
      true,
    );
    expect(onOkay).toHaveBeenCalledWith({ preference: "all_data", format: "csv" });
  });

  it("askConfirmation resolves true on OKAY and false on CANCEL", async () => {
    const store = createDialogStore();
    const yes = askConfirmation(store, { message: "Sure?" });
    const [first] = store.getSnapshot();
    expect(first).toMatchObject({ kind: confirmationDialog, message: "Sure?" });
    await store.close(first!.id, "okay");
    await expect(yes).resolves.toBe(true);

    const no = askConfirmation(store, { message: "Sure?" });
    await store.close(store.getSnapshot()[0]!.id, "cancel");
    await expect(no).resolves.toBe(false);
    expect(store.getSnapshot()).toHaveLength(0);
  });
});
