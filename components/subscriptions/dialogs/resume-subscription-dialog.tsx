"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { DialogWork, ResumeSubscriptionData } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastSuccess } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { usePress } from "@/components/forms/use-press";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { formatLongDate } from "@/lib/format/dates";
import { isolate } from "@/lib/format/bidi";
import { useResumeSubscriptionMutation } from "@/lib/subscriptions/mutations";
import { useResumePreview } from "@/lib/subscriptions/use-subscriptions";
import { ChargeSummary } from "./charge-summary";
import { DialogError } from "./dialog-error";
import { subscriptionName } from "./subscription-name";

/**
 * Resume now (issue 33 §1): a running pause ends today and billing starts again; one not begun is
 * called off. What it charges now, and the next invoice, are shown before it acts.
 */
export function ResumeSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<ResumeSubscriptionData, DialogWork>) {
  const t = useTranslations("subscriptionDialogs.resume");
  const { error: errorText } = useKeyTranslator();
  const locale = useLocale();
  const { customerId, subscription } = entry.data;
  const [error, setError] = useState<string | null>(null);
  const preview = useResumePreview(customerId, subscription.id);
  const hintId = useId();
  const resume = usePress(useResumeSubscriptionMutation(customerId), {
    onSuccess: () => toastSuccess(t("success")),
    onError: (failure) => setError(errorText(failure, t("error"))),
  });
  const name = isolate(subscriptionName(subscription));
  const begun = subscription.status === "paused";
  const start = subscription.pause ? formatLongDate(subscription.pause.start, locale) : "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (entry.pending) return;
    setError(null);
    onOkay(resume.run({ id: subscription.id }));
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-foreground text-sm leading-6">
          {begun ? t("textPaused", { name }) : t("textSet", { name, date: start })}
        </p>
        <ChargeSummary id={hintId} query={preview} />
        <DialogError message={error} />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {begun ? t("stay") : t("keep")}
        </Button>
        <SubmitButton loading={entry.pending} aria-describedby={hintId} autoFocus>
          {begun ? t("ok") : t("callOff")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
