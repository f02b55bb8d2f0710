"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { preloadDialog } from "@/components/dialogs/preload-dialog";
import { useDialogs } from "@/lib/dialogs";
import type {
  LeavingSettings,
  Plan,
  Subscription,
  SubscriptionChange,
  SubscriptionPlan,
} from "@/lib/schemas/subscriptions";
import {
  addPlanDialog,
  cancelSubscriptionDialog,
  changeSubscriptionDialog,
  pauseSubscriptionDialog,
  reactivateSubscriptionDialog,
  resumeSubscriptionDialog,
  subscriptionDialogKinds,
  upgradeDowngradeDialog,
} from "../dialogs";
import type { ChangeSummaryLine, DialogWork } from "./types";

export type { ChangeSummaryLine } from "./types";

// A body hands the stack its running work; the stack keeps the dialog busy until it settles.
const awaitWork = (work: DialogWork) => work;

/**
 * Opens the subscription dialogs (spec 001 §2) on the page's dialog stack. Their bodies' code is
 * not part of this module: each loads the first time its dialog opens, or on `preload()`.
 */
export function useSubscriptionDialogs(customerId: string) {
  const dialogs = useDialogs();
  const t = useTranslations("subscriptionDialogs");
  return useMemo(
    () => ({
      openChange(args: {
        subscription: Subscription;
        change: SubscriptionChange;
        summary: ChangeSummaryLine[];
        onApplied: () => void;
      }): void {
        dialogs.show({
          kind: changeSubscriptionDialog,
          title: t("change.title"),
          data: { ...args, customerId },
          onOkay: awaitWork,
        });
      },
      openCancel(subscription: Subscription, leaving: LeavingSettings | null): void {
        dialogs.show({
          kind: cancelSubscriptionDialog,
          title: t("cancel.title"),
          data: { customerId, subscription, leaving },
          onOkay: awaitWork,
        });
      },
      openPause(subscription: Subscription, maxCycles: number): void {
        dialogs.show({
          kind: pauseSubscriptionDialog,
          title: t("pause.title"),
          data: { customerId, subscription, maxCycles },
          onOkay: awaitWork,
        });
      },
      openResume(subscription: Subscription): void {
        dialogs.show({
          kind: resumeSubscriptionDialog,
          title: subscription.status === "paused" ? t("resume.title") : t("resume.titleSet"),
          data: { customerId, subscription },
          onOkay: awaitWork,
        });
      },
      openReactivate(subscription: Subscription): void {
        dialogs.show({
          kind: reactivateSubscriptionDialog,
          title: t("reactivate.title"),
          data: { customerId, subscription },
          onOkay: awaitWork,
        });
      },
      openAddPlan(args: { subscription: Subscription; onAdd: (plans: Plan[]) => void }): void {
        dialogs.show({
          kind: addPlanDialog,
          title: t("addPlan.title"),
          data: { ...args, customerId },
          onOkay: awaitWork,
        });
      },
      openUpgradeDowngrade(args: { subscription: Subscription; plan: SubscriptionPlan }): void {
        dialogs.show({
          kind: upgradeDowngradeDialog,
          title: t("upgradeDowngrade.title"),
          data: { ...args, customerId },
        });
      },
      preload(): void {
        for (const kind of subscriptionDialogKinds) preloadDialog(kind);
      },
    }),
    [dialogs, t, customerId],
  );
}
