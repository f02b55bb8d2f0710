// What the subscription dialogs carry on the dialog stack (lib/dialogs/stack.ts DialogTypeMap).
// Types only: the stack and the tab import them without pulling any dialog code.
import type {
  ChangePreview,
  Plan,
  Subscription,
  SubscriptionChange,
  SubscriptionPlan,
} from "@/lib/schemas/subscriptions";

/** One pending change as the caller formatted it; `from` null reads "added", `to` null "removed". */
export type ChangeSummaryLine = { label: string; from: string | null; to: string | null };

/**
 * What a subscription dialog's OK hands the stack: its running work. The stack keeps the dialog
 * open and busy until the work settles and closes it when the work resolves true.
 */
export type DialogWork = Promise<boolean>;

type Common = {
  customerId: string;
  subscription: Subscription;
};

export type ChangeSubscriptionData = Common & {
  change: SubscriptionChange;
  summary: ChangeSummaryLine[];
  onApplied: () => void;
  /** Where focus goes once the preview closes (the change dialog is gone by then). */
  returnFocus: HTMLElement | null;
};

export type ChangePreviewData = ChangeSubscriptionData & { preview: ChangePreview };

export type CancelSubscriptionData = Common;

export type ReactivateSubscriptionData = Common;

export type AddPlanData = Common & { onAdd: (plans: Plan[]) => void };

export type UpgradeDowngradeData = Common & { plan: SubscriptionPlan };
