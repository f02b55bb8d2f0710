"use client";

import { useTranslations } from "next-intl";
import { useId, useReducer, useState } from "react";
import { useSubscriptionDialogs } from "@/components/subscriptions/dialogs/use-subscription-dialogs";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon } from "@/components/ui/icons/chevron-down";
import { PlusIcon } from "@/components/ui/icons/plus";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { Subscription } from "@/lib/schemas/subscriptions";
import { displayValue } from "@/lib/subscriptions/display";
import { EMPTY_PENDING, changedCount, pendingReducer } from "@/lib/subscriptions/pending";
import { subscriptionActions, summaryFields } from "@/lib/subscriptions/rules";
import { FieldFigure } from "./field-value";
import { useLeavingSettings } from "./leaving-settings";
import { PendingBar } from "./pending-bar";
import { PlansAndCharges } from "./plans-and-charges";
import { StatusBadge } from "./status-badge";
import { subscriptionTitle } from "./subscription-title";
import { useDisplayContext } from "./use-display-context";

// Shown in the header as the panel's name and status, not again as key figures.
const HEADER_KEYS = new Set(["id", "name", "status"]);

/**
 * One subscription as an expandable panel (spec 001 §2): header with its name, status, key figures
 * and the actions the server marks actionable; expanded, a "Plans & Charges" tab with its basic
 * information, plans and charges, editable while "Change" is actionable. Unsaved edits live here.
 */
export function SubscriptionPanel({
  subscription,
  customerId,
}: {
  subscription: Subscription;
  customerId: string;
}) {
  const t = useTranslations("subscriptions");
  const dialogs = useSubscriptionDialogs(customerId);
  const leaving = useLeavingSettings();
  const [open, setOpen] = useState(false);
  const [pending, dispatch] = useReducer(pendingReducer, EMPTY_PENDING);
  const context = useDisplayContext(subscription.currency);
  const bodyId = useId();
  const actions = subscriptionActions(subscription.actions);
  const title = subscriptionTitle(subscription);
  const figures = summaryFields(subscription.fields).filter((f) => !HEADER_KEYS.has(f.key));
  const count = changedCount(pending);

  const addPlan = () =>
    dialogs.openAddPlan({
      subscription,
      onAdd: (plans) => {
        dispatch({ type: "addPlans", plans });
        setOpen(true);
      },
    });

  return (
    <li
      className={cn(
        "border-border bg-background rounded-xl border shadow-sm",
        count > 0 && "ring-primary/40 ring-1",
      )}
      data-changed={count > 0 || undefined}
    >
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-base font-semibold break-words">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={bodyId}
                onClick={() => setOpen((v) => !v)}
                className="hover:text-primary focus-visible:outline-primary flex min-w-0 items-center gap-2 rounded text-start focus-visible:outline-2"
              >
                <ChevronDownIcon
                  className={cn(
                    "size-5 transition-transform",
                    open ? "rotate-0" : "-rotate-90 rtl:rotate-90",
                  )}
                />
                <span className="min-w-0 break-words">{title.name}</span>
              </button>
            </h3>
            <StatusBadge subscription={subscription} />
            {title.showId ? (
              <span className="text-muted-foreground basis-full ps-7 text-xs tabular-nums sm:basis-auto sm:ps-0">
                {subscription.id}
              </span>
            ) : null}
          </div>
          <dl className="text-muted-foreground flex flex-wrap gap-x-6 gap-y-1 ps-7 text-sm">
            <div className="flex gap-1.5">
              <dt className="sr-only">{t("panel.plans")}</dt>
              <dd>
                {t("panel.planCount", {
                  plans: subscription.plans.length,
                  charges: subscription.plans.reduce((n, p) => n + p.charges.length, 0),
                })}
              </dd>
            </div>
            {figures.map((field) => (
              <FieldFigure key={field.key} field={field} context={context} />
            ))}
          </dl>
        </div>
        <div
          role="group"
          aria-label={t("actions.label", { name: title.name })}
          className="flex flex-wrap gap-2 ps-7 sm:ps-0"
          onPointerEnter={() => dialogs.preload()}
          onFocus={() => dialogs.preload()}
        >
          {actions.addPlan && actions.change ? (
            <Button variant="secondary" size="sm" onClick={addPlan}>
              <PlusIcon className="size-4" />
              {t("actions.addPlan")}
            </Button>
          ) : null}
          {actions.pause && subscription.status === "active" && leaving?.pauseMaxCycles ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => dialogs.openPause(subscription, leaving.pauseMaxCycles ?? 1)}
            >
              {t("actions.pause")}
            </Button>
          ) : null}
          {actions.resume && subscription.pause ? (
            <Button size="sm" onClick={() => dialogs.openResume(subscription)}>
              {subscription.status === "paused" ? t("actions.resume") : t("actions.callOff")}
            </Button>
          ) : null}
          {actions.cancel && subscription.status === "active" ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => dialogs.openCancel(subscription, leaving)}
            >
              {t("actions.cancel")}
            </Button>
          ) : null}
          {actions.reactivate && subscription.status === "cancelled" ? (
            <Button size="sm" onClick={() => dialogs.openReactivate(subscription)}>
              {t("actions.reactivate")}
            </Button>
          ) : null}
        </div>
      </div>
      <div id={bodyId} hidden={!open} className="border-border border-t px-2.5 pt-2 pb-4 sm:px-4">
        {open ? (
          <Tabs defaultValue="plans">
            <TabsList aria-label={t("panel.tabsLabel", { name: title.name })}>
              <TabsTrigger value="plans">{t("panel.plansAndCharges")}</TabsTrigger>
            </TabsList>
            <TabsContent value="plans" className="flex flex-col gap-4">
              <PlansAndCharges
                subscription={subscription}
                pending={pending}
                dispatch={dispatch}
                editingAllowed={actions.change}
                context={context}
                onUpgradeDowngrade={(plan) => dialogs.openUpgradeDowngrade({ subscription, plan })}
              />
            </TabsContent>
          </Tabs>
        ) : null}
      </div>
      {count > 0 ? (
        <PendingBar
          subscription={subscription}
          pending={pending}
          onCancel={() => dispatch({ type: "revert" })}
          onSave={(change, summary) =>
            dialogs.openChange({
              subscription,
              change,
              summary,
              onApplied: () => dispatch({ type: "revert" }),
            })
          }
          valueText={(field, value) => displayValue(field, value, context)}
        />
      ) : null}
    </li>
  );
}
