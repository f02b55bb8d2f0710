"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { FieldValue, Subscription, SubscriptionChange } from "@/lib/schemas/subscriptions";
import {
  buildChange,
  buildSummary,
  changedCount,
  type PendingState,
  type SummaryLine,
} from "@/lib/subscriptions/pending";
import { isolate } from "@/lib/format/bidi";

type Props = {
  subscription: Subscription;
  pending: PendingState;
  valueText: (field: { type: string; key: string }, value: FieldValue) => string;
  onCancel: () => void;
  onSave: (change: SubscriptionChange, summary: SummaryLine[]) => void;
};

/** "Unsaved changes" with their count, Cancel (back to the server's copy) and Save (the change dialogs). */
export function PendingBar({ subscription, pending, valueText, onCancel, onSave }: Props) {
  const t = useTranslations("subscriptions.pending");
  const count = changedCount(pending);
  const statusId = useId();
  const save = () =>
    onSave(
      buildChange(subscription, pending),
      buildSummary(subscription, pending, {
        value: valueText,
        quantityLabel: (charge, plan) =>
          t("quantityOf", { charge: isolate(charge), plan: isolate(plan) }),
        planLabel: t("plan"),
      }),
    );
  return (
    // A group named by its count, so its Cancel is told apart from the subscription's Cancel.
    <div
      role="group"
      aria-labelledby={statusId}
      data-pinned-bottom
      className="border-primary/40 bg-primary-soft sticky bottom-0 flex flex-wrap items-center justify-between gap-3 rounded-b-xl border-t px-4 py-3"
    >
      <p id={statusId} role="status" className="text-foreground text-sm font-medium">
        {t("bar", { count })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button size="sm" onClick={save}>
          {t("save")}
        </Button>
      </div>
    </div>
  );
}
