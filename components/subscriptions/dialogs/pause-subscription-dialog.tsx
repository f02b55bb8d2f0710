"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { DialogWork, PauseSubscriptionData } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastSuccess } from "@/components/feedback/toaster";
import { useFormatters } from "@/components/format/formatted-texts";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { RadioGroup } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { usePress } from "@/components/forms/use-press";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { formatLongDate } from "@/lib/format/dates";
import { isolate } from "@/lib/format/bidi";
import { usePauseSubscriptionMutation } from "@/lib/subscriptions/mutations";
import { usePausePreview } from "@/lib/subscriptions/use-subscriptions";
import { LastBill } from "./cancel-parts";
import { DialogError } from "./dialog-error";
import { subscriptionName } from "./subscription-name";

/**
 * Pause (issue 33 §1): for 1 to the company's most billing cycles, from the end of the cycle paid
 * for. Before confirming, the billing API's preview: the first paused day, the day billing resumes
 * by itself, the bill the pause leaves and what its end charges. OK waits for that preview.
 */
export function PauseSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<PauseSubscriptionData, DialogWork>) {
  const t = useTranslations("subscriptionDialogs.pause");
  const { error: errorText } = useKeyTranslator();
  const locale = useLocale();
  const format = useFormatters();
  const { customerId, subscription, maxCycles } = entry.data;
  const [cycles, setCycles] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePausePreview(customerId, subscription.id, cycles);
  const shown = preview.data?.cycles === cycles ? preview.data : undefined;
  const hintId = useId();
  const pause = usePress(usePauseSubscriptionMutation(customerId), {
    onSuccess: (after) =>
      toastSuccess(
        t("success", {
          date: formatLongDate(after.pause?.resumeDate ?? shown?.resumeDate, locale),
        }),
      ),
    onError: (failure) => setError(errorText(failure, t("error"))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (entry.pending || cycles === null || !shown) return;
    setError(null);
    onOkay(pause.run({ id: subscription.id, cycles }));
  };

  const options = Array.from({ length: maxCycles }, (_, i) => ({
    value: String(i + 1),
    label: t("cycles", { count: i + 1 }),
  }));

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-muted-foreground text-sm">
          {t("intro", { name: isolate(subscriptionName(subscription)) })}
        </p>
        <RadioGroup
          legend={t("legend")}
          value={cycles === null ? null : String(cycles)}
          onValueChange={(value) => setCycles(Number(value))}
          disabled={entry.pending}
          layout={maxCycles > 1 ? "row" : "column"}
          autoFocus
          options={options}
        />
        <div id={hintId} aria-live="polite" className="flex flex-col gap-2">
          {shown ? (
            // Stacked on a phone: four long terms beside their values would squeeze both.
            <dl className="bg-muted/60 grid gap-x-4 rounded-lg px-3 py-2.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-1 [&>dd]:mb-1.5 sm:[&>dd]:mb-0">
              <dt className="text-muted-foreground">{t("from")}</dt>
              <dd className="text-foreground font-medium">
                {formatLongDate(shown.pauseStart, locale)}
              </dd>
              <dt className="text-muted-foreground">{t("resumes")}</dt>
              <dd className="text-foreground font-semibold">
                {formatLongDate(shown.resumeDate, locale)}
              </dd>
              <dt className="text-muted-foreground">{t("billAtPause")}</dt>
              <dd className="text-foreground font-medium">
                <LastBill
                  bill={shown.billAtPause}
                  currency={shown.currency}
                  loading={false}
                  error={null}
                />
              </dd>
              <dt className="text-muted-foreground">{t("chargeAtResume")}</dt>
              <dd className="text-foreground font-medium">
                {shown.chargeAtResume.amount > 0
                  ? t("chargeOn", {
                      amount: format.money(shown.chargeAtResume.amount, shown.currency),
                      date: formatLongDate(shown.chargeAtResume.date, locale),
                    })
                  : t("nothing")}
              </dd>
            </dl>
          ) : cycles === null ? (
            <p className="sr-only">{t("chooseFirst")}</p>
          ) : preview.isFetching ? (
            <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
              <Spinner className="size-4" />
              {t("loading")}
            </p>
          ) : null}
          {preview.isError && !preview.isFetching ? (
            <DialogError message={errorText(preview.error, t("previewError"))} />
          ) : null}
        </div>
        <DialogError message={error} />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("keep")}
        </Button>
        <SubmitButton
          loading={entry.pending}
          aria-disabled={!shown || entry.pending || undefined}
          aria-describedby={hintId}
        >
          {t("ok")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
