import { defineDialog, type DialogConfig } from "@/lib/dialogs";

// The two dialogs every page has (spec 000 "Global dialogs"): an alert with OK and a confirmation
// with CANCEL and OK, the message being the frame's description. Their body loads on first use.

const loadMessageBody = () => import("./message-dialog").then((m) => m.MessageDialogBody);

/** An alert: titled 'Error' unless the config names a title, closed by OK. */
export const alertDialog = defineDialog({
  name: "alert",
  width: "narrow",
  defaultTitleKey: "dialogs.error",
  load: loadMessageBody,
});

/** A confirmation: titled 'Confirm' unless the config names a title; CANCEL and OK. */
export const confirmationDialog = defineDialog({
  name: "confirmation",
  width: "narrow",
  defaultTitleKey: "dialogs.confirm",
  load: loadMessageBody,
});

type Shows = { show: (config: DialogConfig<undefined, undefined>) => string };

/** Shows a confirmation on top of the stack; resolves true on OKAY, false on CANCEL or the close icon. */
export function askConfirmation(
  store: Shows,
  config: Omit<DialogConfig<undefined, undefined>, "kind" | "onOkay" | "onCancel">,
): Promise<boolean> {
  return new Promise((resolve) => {
    store.show({
      ...config,
      kind: confirmationDialog,
      onOkay: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
