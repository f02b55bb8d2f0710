"use client";

import { useTranslations } from "next-intl";
import type { Dispatch } from "react";
import type { Subscription, SubscriptionPlan } from "@/lib/schemas/subscriptions";
import { addedPlanView, type FallbackChargeKey } from "@/lib/subscriptions/added-plan";
import type { DisplayContext } from "@/lib/subscriptions/display";
import { planCount, type PendingAction, type PendingState } from "@/lib/subscriptions/pending";
import { basicInfoFields, canDeletePlan, canUpgradeDowngrade } from "@/lib/subscriptions/rules";
import { EditableField } from "./editable-field";
import { PlanSection } from "./plan-section";

type Props = {
  subscription: Subscription;
  pending: PendingState;
  dispatch: Dispatch<PendingAction>;
  editingAllowed: boolean;
  context: DisplayContext;
  onUpgradeDowngrade: (plan: SubscriptionPlan) => void;
};

/** The "Plans & Charges" tab: basic information, then each plan (kept, then added) with its charges. */
export function PlansAndCharges({
  subscription,
  pending,
  dispatch,
  editingAllowed,
  context,
  onUpgradeDowngrade,
}: Props) {
  const t = useTranslations("subscriptions");
  const basic = basicInfoFields(subscription.fields);
  const plans = subscription.plans.filter((p) => !pending.removed.includes(p.id));
  const count = planCount(subscription, pending);
  const label = (key: FallbackChargeKey) => t(`addedCharge.${key}`);

  return (
    <>
      {basic.length > 0 ? (
        <section aria-labelledby={`${subscription.id}-basic`} className="flex flex-col gap-2">
          <h4 id={`${subscription.id}-basic`} className="text-foreground text-sm font-semibold">
            {t("panel.basicInfo")}
          </h4>
          <dl className="grid grid-cols-2 gap-1 lg:grid-cols-3">
            {basic.map((field) => {
              const changed = field.key in pending.fields;
              return (
                <EditableField
                  key={field.key}
                  field={field}
                  value={changed ? (pending.fields[field.key] ?? null) : field.value}
                  changed={changed}
                  editingAllowed={editingAllowed}
                  context={context}
                  onCommit={(value) =>
                    dispatch({ type: "field", key: field.key, value, original: field.value })
                  }
                />
              );
            })}
          </dl>
        </section>
      ) : null}
      <section aria-label={t("panel.plans")} className="flex flex-col gap-3">
        {plans.length === 0 && pending.added.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("panel.noPlans")}</p>
        ) : null}
        {plans.map((plan) => (
          <PlanSection
            key={plan.id}
            plan={plan}
            isNew={false}
            canDelete={editingAllowed && canDeletePlan(plan.actions, count)}
            canUpgrade={canUpgradeDowngrade(plan.actions)}
            editingAllowed={editingAllowed}
            context={context}
            quantityOf={(id, original) => pending.quantities[id] ?? original}
            isChanged={(id) => id in pending.quantities}
            onQuantity={(chargeId, quantity, original) =>
              dispatch({ type: "quantity", chargeId, quantity, original })
            }
            onDelete={() => dispatch({ type: "removePlan", planLineId: plan.id })}
            onUpgradeDowngrade={() => onUpgradeDowngrade(plan)}
          />
        ))}
        {pending.added.map((added) => {
          const view = addedPlanView(subscription, added, label);
          return (
            <PlanSection
              key={added.key}
              plan={view}
              isNew
              canDelete={count > 1}
              canUpgrade={false}
              editingAllowed={editingAllowed}
              context={context}
              quantityOf={(id) => added.quantities[id] ?? null}
              isChanged={() => false}
              onQuantity={(chargeId, quantity) =>
                dispatch({ type: "addedQuantity", key: added.key, chargeId, quantity })
              }
              onDelete={() => dispatch({ type: "removeAddedPlan", key: added.key })}
              onUpgradeDowngrade={() => undefined}
            />
          );
        })}
      </section>
    </>
  );
}
