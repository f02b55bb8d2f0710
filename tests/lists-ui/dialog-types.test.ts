import { describe, expect, it, vi } from "vitest";
import { DialogConfigError, askConfirmation, createDialogStore, dialogTypes } from "@/lib/dialogs";

describe("dialog stack: typed dialogs", () => {
  it("knows the export, account and subscription types beside alert and confirmation", () => {
    expect(dialogTypes).toEqual([
      "alert",
      "confirmation",
      "export",
      "changePassword",
      "addPaymentMethod",
      "changeSubscription",
      "changePreview",
      "cancelSubscription",
      "reactivateSubscription",
      "addPlan",
      "upgradeDowngrade",
    ]);
  });

  it("refuses a subscription dialog without its data", () => {
    const store = createDialogStore();
    expect(() => store.show({ type: "cancelSubscription" } as never)).toThrow(DialogConfigError);
    expect(() => store.show({ type: "addPlan" } as never)).toThrow(DialogConfigError);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("refuses an export dialog without its data", () => {
    const store = createDialogStore();
    expect(() => store.show({ type: "export" } as never)).toThrow(DialogConfigError);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it("hands the body's result to onOkay", async () => {
    const store = createDialogStore();
    const onOkay = vi.fn(() => true);
    const id = store.show({ type: "export", data: { filterCount: 0 }, onOkay });
    await expect(store.close(id, "okay", { preference: "all_data", format: "csv" })).resolves.toBe(
      true,
    );
    expect(onOkay).toHaveBeenCalledWith({ preference: "all_data", format: "csv" });
  });

  it("askConfirmation resolves true on OKAY and false on CANCEL", async () => {
    const store = createDialogStore();
    const yes = askConfirmation(store, { message: "Sure?" });
    const [first] = store.getSnapshot();
    expect(first).toMatchObject({ type: "confirmation", message: "Sure?" });
    await store.close(first!.id, "okay");
    await expect(yes).resolves.toBe(true);

    const no = askConfirmation(store, { message: "Sure?" });
    await store.close(store.getSnapshot()[0]!.id, "cancel");
    await expect(no).resolves.toBe(false);
    expect(store.getSnapshot()).toHaveLength(0);
  });
});
