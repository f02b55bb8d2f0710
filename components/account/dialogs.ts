import type { AddPaymentDialogData, AddPaymentDialogResult } from "@/lib/account/providers";
import { defineDialog } from "@/lib/dialogs";

// Manage Account's dialogs (spec 000 §3) on the page's dialog stack; each body loads on first use.
// On small screens the same forms open as sub-views instead (account-view.tsx).

/** Change Password. */
export const changePasswordDialog = defineDialog({
  name: "changePassword",
  width: "narrow",
  load: () =>
    import("./change-password/change-password-dialog").then((m) => m.ChangePasswordDialogBody),
});

/** Add Payment Method: the provider's form; OKAY hands back the saved method. */
export const addPaymentMethodDialog = defineDialog<AddPaymentDialogData, AddPaymentDialogResult>({
  name: "addPaymentMethod",
  width: "wide",
  load: () => import("./add-payment/add-payment-dialog").then((m) => m.AddPaymentDialogBody),
});
