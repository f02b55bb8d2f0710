"use client";

import { LongText } from "@/components/tables/cells/long-text";
import type { FieldValue as Value, SubscriptionField } from "@/lib/schemas/subscriptions";
import { displayValue, type DisplayContext } from "@/lib/subscriptions/display";

/** A field's value as text; over 40 characters it is cut, with the full text in a focusable tooltip. */
export function FieldValue({
  field,
  value,
  context,
}: {
  field: Pick<SubscriptionField, "type">;
  value: Value;
  context: DisplayContext;
}) {
  return <LongText text={displayValue(field, value, context)} />;
}
