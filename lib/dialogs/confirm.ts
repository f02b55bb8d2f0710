import type { DialogConfigOf } from "./stack";

type Shows = { show: (config: DialogConfigOf<"confirmation">) => string };

/** Shows a confirmation on top of the stack; resolves true on OKAY, false on CANCEL or the close icon. */
export function askConfirmation(
  store: Shows,
  config: Omit<DialogConfigOf<"confirmation">, "type" | "onOkay" | "onCancel">,
): Promise<boolean> {
  return new Promise((resolve) => {
    store.show({
      ...config,
      type: "confirmation",
      onOkay: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
