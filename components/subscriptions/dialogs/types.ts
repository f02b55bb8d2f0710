// What the subscription dialogs carry on the dialog stack (their kinds are in kinds.ts). Types
// only: the tab imports them without pulling any dialog code.
import type {
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

/** The change flow: the pending edits, previewed and then applied (one dialog, two steps). */
export type ChangeSubscriptionData = Common & {
  change: SubscriptionChange;
  summary: ChangeSummaryLine[];
  onApplied: () => void;
};

export type CancelSubscriptionData = Common;

export type ReactivateSubscriptionData = Common;

export type AddPlanData = Common & { onAdd: (plans: Plan[]) => void };

export type UpgradeDowngradeData = Common & { plan: SubscriptionPlan };
