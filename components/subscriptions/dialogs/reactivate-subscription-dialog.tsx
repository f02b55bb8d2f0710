"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { ReactivateSubscriptionData, DialogWork } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastSuccess } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { usePress } from "@/components/forms/use-press";
import { useReactivateSubscriptionMutation } from "@/lib/subscriptions/mutations";
import { useReactivatePreview } from "@/lib/subscriptions/use-subscriptions";
import { ChargeSummary } from "./charge-summary";
import { DialogError } from "./dialog-error";
import { subscriptionName } from "./subscription-name";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { isolate } from "@/lib/format/bidi";

/** Reactivate Subscription (spec 001 §2, §8): its error shows inside the dialog, which stays open. */
export function ReactivateSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<ReactivateSubscriptionData, DialogWork>) {
  const t = useTranslations("subscriptionDialogs");
  const { error: errorText } = useKeyTranslator();
  const { customerId, subscription } = entry.data;
  const [error, setError] = useState<string | null>(null);
  // What it charges now (docs/CONTRACT.md §7.1 "Leaving"), shown before it acts.
  const preview = useReactivatePreview(customerId, subscription.id);
  const hintId = useId();
  const reactivate = usePress(useReactivateSubscriptionMutation(customerId), {
    onSuccess: () => toastSuccess(t("reactivate.success")),
    onError: (failure) => setError(errorText(failure, t("reactivate.error"))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (entry.pending) return;
    setError(null);
    onOkay(reactivate.run({ id: subscription.id }));
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-foreground text-sm leading-6">
          {t("reactivate.text", { name: isolate(subscriptionName(subscription)) })}
        </p>
        <ChargeSummary id={hintId} query={preview} />
        <DialogError message={error} />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("reactivate.pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("cancelLabel")}
        </Button>
        <SubmitButton loading={entry.pending} aria-describedby={hintId} autoFocus>
          {t("reactivate.ok")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
