"use client";

import { lazy } from "react";
import type { DialogType } from "@/lib/dialogs";
import type { DialogBody } from "./dialog-body";
import { loadStackedDialog } from "./load-stacked-dialog";
import type { DialogWidth } from "./dialog-frame";

type BodyRegistration<T extends DialogType> = {
  Body: DialogBody<T>;
  width: DialogWidth;
  /** Starts loading the body's code (e.g. when the pointer reaches the button that opens it). */
  preload?: () => Promise<unknown>;
};

/** A body whose code is split off and loaded the first time the dialog opens (or is preloaded). */
function lazyBody<T extends DialogType>(
  load: () => Promise<DialogBody<T>>,
  width: DialogWidth,
): BodyRegistration<T> {
  let loading: Promise<DialogBody<T>> | null = null;
  // The frame comes with the body, so a preloaded dialog opens without a wait.
  const once = () => (loading ??= loadStackedDialog().then(load));
  return {
    Body: lazy(async () => ({ default: await once() })),
    width,
    preload: once,
  };
}

/**
 * The body of every dialog type. Each loads its code (and the frame's) only when it first opens
 * or is preloaded, so a page pays for a dialog only when someone uses it.
 * A new type adds its row here (and in lib/dialogs/stack.ts DialogTypeMap).
 */
export const dialogBodies: { [T in DialogType]: BodyRegistration<T> } = {
  alert: lazyBody(() => import("./message-dialog").then((m) => m.MessageDialogBody), "narrow"),
  confirmation: lazyBody(
    () => import("./message-dialog").then((m) => m.MessageDialogBody),
    "narrow",
  ),
  export: lazyBody(
    () => import("@/components/tables/export/export-dialog").then((m) => m.ExportDialogBody),
    "narrow",
  ),
  changePassword: lazyBody(
    () =>
      import("@/components/account/change-password/change-password-dialog").then(
        (m) => m.ChangePasswordDialogBody,
      ),
    "narrow",
  ),
  addPaymentMethod: lazyBody(
    () =>
      import("@/components/account/add-payment/add-payment-dialog").then(
        (m) => m.AddPaymentDialogBody,
      ),
    "wide",
  ),
  changeSubscription: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/change-subscription-dialog").then(
        (m) => m.ChangeSubscriptionDialogBody,
      ),
    "wide",
  ),
  changePreview: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/change-preview-dialog").then(
        (m) => m.ChangePreviewDialogBody,
      ),
    "narrow",
  ),
  cancelSubscription: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/cancel-subscription-dialog").then(
        (m) => m.CancelSubscriptionDialogBody,
      ),
    "narrow",
  ),
  reactivateSubscription: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/reactivate-subscription-dialog").then(
        (m) => m.ReactivateSubscriptionDialogBody,
      ),
    "narrow",
  ),
  addPlan: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/add-plan-dialog").then((m) => m.AddPlanDialogBody),
    "wide",
  ),
  upgradeDowngrade: lazyBody(
    () =>
      import("@/components/subscriptions/dialogs/upgrade-downgrade-dialog").then(
        (m) => m.UpgradeDowngradeDialogBody,
      ),
    "narrow",
  ),
};

/** Starts loading a dialog type's body ahead of time; harmless for built-in ones. */
export function preloadDialog(type: DialogType): void {
  void dialogBodies[type].preload?.();
}
