// What the subscription dialogs carry on the dialog stack (their kinds are in kinds.ts). Types
// only: the tab imports them without pulling any dialog code.
import type {
  LeavingSettings,
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

/** Cancel: the company's reasons asked first, then its offers, when it has any. */
export type CancelSubscriptionData = Common & { leaving: LeavingSettings | null };

export type ReactivateSubscriptionData = Common;

/** Pause: `maxCycles` is the company's most (its portal configuration). */
export type PauseSubscriptionData = Common & { maxCycles: number };

export type ResumeSubscriptionData = Common;

export type AddPlanData = Common & { onAdd: (plans: Plan[]) => void };

export type UpgradeDowngradeData = Common & { plan: SubscriptionPlan };
