import type { TotpEnrollment } from "@/lib/schemas/factors";
import { defineDialog } from "@/lib/dialogs";

// The second factor's dialogs (issue 34 §1) on the account page's stack; each body loads on first
// use, so none of this code is in the page's first load.

/** Add an authenticator app: scan or type the key, confirm with a first code, then the recovery codes. */
export const addAuthenticatorDialog = defineDialog<TotpEnrollment, undefined>({
  name: "addAuthenticator",
  width: "narrow",
  load: () => import("./add-authenticator-dialog").then((m) => m.AddAuthenticatorDialogBody),
});

/** Ten recovery codes, shown once, to copy or download. */
export const recoveryCodesDialog = defineDialog<{ codes: string[] }, undefined>({
  name: "recoveryCodes",
  width: "narrow",
  load: () => import("./recovery-codes-dialog").then((m) => m.RecoveryCodesDialogBody),
});

/** Add a passkey: its name, then the device makes it; the recovery codes with the first factor. */
export const addPasskeyDialog = defineDialog({
  name: "addPasskey",
  width: "narrow",
  load: () => import("./add-passkey-dialog").then((m) => m.AddPasskeyDialogBody),
});
