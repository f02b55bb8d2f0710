"use client";

import { useTranslations } from "next-intl";
import { LongText } from "@/components/tables/cells/long-text";
import type { FieldValue as Value, SubscriptionField } from "@/lib/schemas/subscriptions";
import { displayValue, type DisplayContext } from "@/lib/subscriptions/display";
import { isolate } from "@/lib/format/bidi";

/** A field's value as text; over 40 characters it is cut, with the full text in a focusable tooltip. */
export function FieldValue({
  field,
  value,
  context,
}: {
  field: Pick<SubscriptionField, "type" | "key">;
  value: Value;
  context: DisplayContext;
}) {
  return <LongText text={displayValue(field, value, context)} />;
}

/** One "label: value" pair of a summary line (a subscription's or a plan's header). */
export function FieldFigure({
  field,
  context,
}: {
  field: SubscriptionField;
  context: DisplayContext;
}) {
  const t = useTranslations("subscriptions.figure");
  return (
    <div className="flex min-w-0 gap-1.5">
      <dt>{t("label", { label: isolate(field.label) })}</dt>
      <dd className="text-foreground min-w-0 break-words">
        <FieldValue field={field} value={field.value} context={context} />
      </dd>
    </div>
  );
}
