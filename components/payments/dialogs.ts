import { defineDialog } from "@/lib/dialogs";
import type { PaymentSettings } from "@/lib/schemas/payments";
import type { PaySelection } from "@/lib/schemas/payments-forms";

// The pay dialog (issue 32 §2) on the page's dialog stack; its body loads the first time it opens.

export type PayDialogData = {
  customerId: string;
  /** What is paid: the selected invoices, the overdue ones, or an amount over the open ones. */
  mode: "selected" | "overdue" | "amount";
  selection: PaySelection;
  settings: NonNullable<PaymentSettings>;
  /** After a payment: the selection it paid is cleared. */
  onPaid?: () => void;
};

export const payDialog = defineDialog<PayDialogData>({
  name: "pay",
  width: "wide",
  load: () => import("./pay-dialog").then((m) => m.PayDialogBody),
});
