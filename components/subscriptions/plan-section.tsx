"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SwapIcon } from "@/components/ui/icons/swap";
import { TrashIcon } from "@/components/ui/icons/trash";
import type { SubscriptionPlan } from "@/lib/schemas/subscriptions";
import type { DisplayContext } from "@/lib/subscriptions/display";
import { summaryFields, visibleCharges } from "@/lib/subscriptions/rules";
import { ChargePanel } from "./charge-panel";
import { FieldFigure } from "./field-value";

const iconButton =
  "text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-primary inline-flex size-9 shrink-0 items-center justify-center rounded-md focus-visible:outline-2";

type Props = {
  plan: SubscriptionPlan;
  isNew: boolean;
  canDelete: boolean;
  canUpgrade: boolean;
  editingAllowed: boolean;
  context: DisplayContext;
  quantityOf: (chargeId: string, original: number | null) => number | null;
  isChanged: (chargeId: string) => boolean;
  onQuantity: (chargeId: string, quantity: number, original: number | null) => void;
  onDelete: () => void;
  onUpgradeDowngrade: () => void;
};

/** One plan of a subscription: its name ('(New)' when added here), its actions and its charges, 5 at first (spec 001 §9). */
export function PlanSection({
  plan,
  isNew,
  canDelete,
  canUpgrade,
  editingAllowed,
  context,
  quantityOf,
  isChanged,
  onQuantity,
  onDelete,
  onUpgradeDowngrade,
}: Props) {
  const t = useTranslations("subscriptions.plan");
  const tp = useTranslations("subscriptions.panel");
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const headingId = useId();
  const { visible, hidden, toggles } = visibleCharges(plan.charges, expanded);
  const name = isNew ? `${plan.name} ${t("new")}` : plan.name;
  // The plan line's own summary fields beside its name (its name is the heading).
  const figures = summaryFields(plan.fields).filter((f) => f.key !== "plan_name");

  return (
    <section
      aria-labelledby={headingId}
      className={
        isNew
          ? "border-primary/40 bg-primary-soft flex flex-col gap-3 rounded-xl border p-2.5 sm:p-4"
          : "border-border bg-surface flex flex-col gap-3 rounded-xl border p-2.5 sm:p-4"
      }
      data-new={isNew || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-4 gap-y-1">
          <h4
            id={headingId}
            className="text-foreground min-w-0 text-base font-semibold break-words"
          >
            {plan.name}
            {isNew ? <span className="text-primary font-medium"> {t("new")}</span> : null}
          </h4>
          {figures.length > 0 ? (
            <dl className="text-muted-foreground flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {figures.map((field) => (
                <FieldFigure key={field.key} field={field} context={context} />
              ))}
            </dl>
          ) : null}
        </div>
        <div className="flex items-center gap-1">
          {canUpgrade ? (
            <button
              type="button"
              className={iconButton}
              aria-label={t("upgradeDowngrade", { name })}
              onClick={onUpgradeDowngrade}
            >
              <SwapIcon />
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              className={`${iconButton} hover:text-danger`}
              aria-label={t("delete", { name })}
              onClick={onDelete}
            >
              <TrashIcon className="size-4" />
            </button>
          ) : null}
        </div>
      </div>
      {plan.charges.length === 0 ? (
        <p className="text-muted-foreground text-sm">{tp("noCharges")}</p>
      ) : (
        <ul id={listId} aria-label={t("charges", { name })} className="flex flex-col gap-2">
          {visible.map((charge) => (
            <ChargePanel
              key={charge.id}
              charge={charge}
              quantity={quantityOf(charge.id, charge.quantity)}
              changed={isChanged(charge.id)}
              editingAllowed={editingAllowed}
              context={context}
              onQuantity={(q) => onQuantity(charge.id, q, charge.quantity)}
            />
          ))}
        </ul>
      )}
      {toggles ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
          className="text-primary hover:text-primary-hover self-start rounded text-sm font-medium underline underline-offset-2"
        >
          {expanded ? t("showLess") : t("showMore")}
          {!expanded ? (
            <span className="text-muted-foreground"> {t("moreCount", { count: hidden })}</span>
          ) : null}
        </button>
      ) : null}
    </section>
  );
}
