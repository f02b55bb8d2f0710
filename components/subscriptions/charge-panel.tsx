"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { ChevronDownIcon } from "@/components/ui/icons/chevron-down";
import type { SubscriptionCharge } from "@/lib/schemas/subscriptions";
import type { DisplayContext } from "@/lib/subscriptions/display";
import { detailFields, summaryFields } from "@/lib/subscriptions/rules";
import { FieldValue } from "./field-value";
import { QuantityControl } from "./quantity-control";

type Props = {
  charge: SubscriptionCharge;
  /** The quantity shown: the pending one when changed. */
  quantity: number | null;
  changed: boolean;
  editingAllowed: boolean;
  context: DisplayContext;
  onQuantity: (quantity: number) => void;
};

/**
 * One charge as an expandable panel (spec 001 §2): the summary shows its column_enabled fields,
 * expanding shows its detail_enabled ones. The quantity becomes a control when it may be edited.
 */
export function ChargePanel({
  charge,
  quantity,
  changed,
  editingAllowed,
  context,
  onQuantity,
}: Props) {
  const t = useTranslations("subscriptions.charge");
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const summary = summaryFields(charge.fields).filter((f) => f.key !== "charge_name");
  const details = detailFields(charge.fields);
  const quantityField = charge.fields.find((f) => f.key === "quantity");
  const quantityEditable =
    editingAllowed && !charge.usageBased && quantity !== null && quantityField?.editable === true;

  return (
    <li
      className={cn(
        "border-border bg-background rounded-lg border",
        changed && "ring-primary/40 bg-primary-soft ring-1",
      )}
      data-changed={changed || undefined}
    >
      <div className="flex flex-col gap-3 p-3 md:flex-row md:items-center md:gap-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((v) => !v)}
          className="hover:text-primary focus-visible:outline-primary flex min-w-0 items-center gap-2 rounded text-start text-sm font-medium focus-visible:outline-2 md:w-56 md:shrink-0"
        >
          <ChevronDownIcon
            className={cn(
              "size-4 transition-transform",
              open ? "rotate-0" : "-rotate-90 rtl:rotate-90",
            )}
          />
          <span className="min-w-0 break-words">{charge.name}</span>
        </button>
        <dl className="flex min-w-0 flex-1 flex-wrap gap-x-6 gap-y-2">
          {summary.map((field) => (
            <div key={field.key} className="flex min-w-28 flex-col gap-0.5 md:flex-1">
              <dt className="text-muted-foreground text-xs">{field.label}</dt>
              <dd className="text-foreground min-w-0 text-sm break-words">
                {field.key === "quantity" && quantityEditable ? (
                  <QuantityControl
                    name={charge.name}
                    charge={charge}
                    quantity={quantity}
                    onChange={onQuantity}
                  />
                ) : (
                  <FieldValue
                    field={field}
                    value={field.key === "quantity" ? quantity : field.value}
                    context={context}
                  />
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div id={detailsId} hidden={!open} className="border-border border-t px-3 py-3">
        {details.length > 0 ? (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {details.map((field) => (
              <div key={field.key} className="flex min-w-0 flex-col gap-0.5">
                <dt className="text-muted-foreground text-xs">{field.label}</dt>
                <dd className="text-foreground min-w-0 text-sm break-words">
                  <FieldValue
                    field={field}
                    value={field.key === "quantity" ? quantity : field.value}
                    context={context}
                  />
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-muted-foreground text-sm">{t("noDetails")}</p>
        )}
      </div>
    </li>
  );
}
