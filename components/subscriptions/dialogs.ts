import { defineDialog } from "@/lib/dialogs";
import type {
  AddPlanData,
  CancelSubscriptionData,
  ChangeSubscriptionData,
  DialogWork,
  PauseSubscriptionData,
  ReactivateSubscriptionData,
  ResumeSubscriptionData,
  UpgradeDowngradeData,
} from "./dialogs/types";

// The subscription dialogs (spec 001 §2) on the page's dialog stack. Each body's code loads the
// first time its dialog opens, or on preload.

/** Change Subscription, then Change Preview in the same dialog, then apply. */
export const changeSubscriptionDialog = defineDialog<ChangeSubscriptionData, DialogWork>({
  name: "changeSubscription",
  width: "wide",
  load: () =>
    import("./dialogs/change-subscription-dialog").then((m) => m.ChangeSubscriptionDialogBody),
});

export const cancelSubscriptionDialog = defineDialog<CancelSubscriptionData, DialogWork>({
  name: "cancelSubscription",
  width: "narrow",
  load: () =>
    import("./dialogs/cancel-subscription-dialog").then((m) => m.CancelSubscriptionDialogBody),
});

export const reactivateSubscriptionDialog = defineDialog<ReactivateSubscriptionData, DialogWork>({
  name: "reactivateSubscription",
  width: "narrow",
  load: () =>
    import("./dialogs/reactivate-subscription-dialog").then(
      (m) => m.ReactivateSubscriptionDialogBody,
    ),
});

export const pauseSubscriptionDialog = defineDialog<PauseSubscriptionData, DialogWork>({
  name: "pauseSubscription",
  width: "narrow",
  load: () =>
    import("./dialogs/pause-subscription-dialog").then((m) => m.PauseSubscriptionDialogBody),
});

export const resumeSubscriptionDialog = defineDialog<ResumeSubscriptionData, DialogWork>({
  name: "resumeSubscription",
  width: "narrow",
  load: () =>
    import("./dialogs/resume-subscription-dialog").then((m) => m.ResumeSubscriptionDialogBody),
});

export const addPlanDialog = defineDialog<AddPlanData, DialogWork>({
  name: "addPlan",
  width: "wide",
  load: () => import("./dialogs/add-plan-dialog").then((m) => m.AddPlanDialogBody),
});

/** The placeholder with Confirm and Close only. */
export const upgradeDowngradeDialog = defineDialog<UpgradeDowngradeData, undefined>({
  name: "upgradeDowngrade",
  width: "narrow",
  load: () =>
    import("./dialogs/upgrade-downgrade-dialog").then((m) => m.UpgradeDowngradeDialogBody),
});

/** Every subscription dialog, for preloading when the tab is used. */
export const subscriptionDialogKinds = [
  changeSubscriptionDialog,
  cancelSubscriptionDialog,
  reactivateSubscriptionDialog,
  pauseSubscriptionDialog,
  resumeSubscriptionDialog,
  addPlanDialog,
  upgradeDowngradeDialog,
] as const;
