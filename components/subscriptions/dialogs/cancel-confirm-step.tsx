"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { CancelReason, Subscription } from "@/lib/schemas/subscriptions";
import type { DialogWork } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { RadioGroup } from "@/components/ui/radio-group";
import { formatLongDate } from "@/lib/format/dates";
import { CANCELLATION_TYPES, type CancellationType } from "@/lib/schemas/subscriptions";
import { usePress } from "@/components/forms/use-press";
import { useCancelSubscriptionMutation } from "@/lib/subscriptions/mutations";
import { useCancelDate, useCancelPreview } from "@/lib/subscriptions/use-subscriptions";
import { ApiError } from "@/lib/api-client";
import { customDateProblem, dayBefore, startDateOf } from "./cancel-dates";
import { CancelDateSummary, CustomDateField, LastBill, LookupState } from "./cancel-parts";
import { subscriptionName } from "./subscription-name";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { isolate } from "@/lib/format/bidi";

/** Why the customer leaves, as they said it on the first step (both optional). */
export type LeavingReason = { code: CancelReason | null; text: string };

/**
 * Cancel Subscription's confirmation (spec 001 §2, §4, §5): five ways to end it. A choice other
 * than a specific date looks up its effective date; a specific date is typed. OK stays disabled,
 * and does nothing, until an effective date is known. The reason given before goes with it.
 */
export function CancelConfirmStep({
  customerId,
  subscription,
  reason,
  pending,
  onOkay,
  onCancel,
  onBack,
}: {
  customerId: string;
  subscription: Subscription;
  reason: LeavingReason;
  pending: boolean;
  onOkay: (work: DialogWork) => void;
  onCancel: () => void;
  /** Back to the step before, when there was one. */
  onBack: (() => void) | null;
}) {
  const t = useTranslations("subscriptionDialogs.cancel");
  const { error: errorText } = useKeyTranslator();
  const locale = useLocale();
  const cancel = usePress(useCancelSubscriptionMutation(customerId), {
    onSuccess: () => toastSuccess(t("success")),
    onError: (failure) => toastError(errorText(failure, t("error"))),
  });
  const [type, setType] = useState<CancellationType | null>(null);
  const [custom, setCustom] = useState({ value: "", badInput: false, shown: false });
  const lookup = useCancelDate(customerId, subscription.id, type);
  const hintId = useId();
  const min = startDateOf(subscription);

  const problem =
    type === "specific_date"
      ? custom.badInput && custom.value === ""
        ? "invalid"
        : customDateProblem(custom.value, min)
      : null;
  const effectiveDate =
    type === "specific_date" ? (problem === null ? custom.value : null) : (lookup.data ?? null);

  // The last bill (docs/CONTRACT.md §7.1 "Leaving"), beside the spec's dates; absent (404) where
  // the billing API has no preview.
  const preview = useCancelPreview(
    customerId,
    subscription.id,
    type,
    type === "specific_date" ? effectiveDate : null,
  );
  const previewMissing = preview.error instanceof ApiError && preview.error.status === 404;
  const matching = preview.data?.effectiveDate === effectiveDate ? preview.data : undefined;
  const lastBill =
    effectiveDate !== null &&
    !previewMissing &&
    (matching || preview.isFetching || preview.isError) ? (
      <LastBill
        bill={matching?.finalDocument}
        currency={matching?.currency ?? subscription.currency}
        loading={preview.isFetching}
        error={preview.isError ? errorText(preview.error, t("lastBillError")) : null}
      />
    ) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // Spec 001 §5: a confirmation without a cancellation date is ignored; a blank one is said so.
    if (type === null || effectiveDate === null) {
      if (type === "specific_date") setCustom((c) => ({ ...c, shown: true }));
      return;
    }
    onOkay(
      cancel.run({
        id: subscription.id,
        input: {
          cancellationType: type,
          cancellationDate: effectiveDate,
          ...(reason.code && { reasonCode: reason.code }),
          ...(reason.text.trim() && { reasonText: reason.text.trim() }),
        },
      }),
    );
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-muted-foreground text-sm">
          {t("intro", { name: isolate(subscriptionName(subscription)) })}
        </p>
        <RadioGroup
          legend={t("legend")}
          value={type}
          onValueChange={setType}
          disabled={pending}
          autoFocus
          options={CANCELLATION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
        {type === "specific_date" ? (
          <CustomDateField
            value={custom.value}
            min={min}
            problem={custom.shown ? problem : null}
            disabled={pending}
            onChange={(value, badInput) => setCustom((c) => ({ ...c, value, badInput }))}
            onBlur={() => setCustom((c) => ({ ...c, shown: true }))}
          />
        ) : null}
        {type !== null && type !== "specific_date" ? (
          <LookupState
            loading={lookup.isFetching && lookup.data === undefined}
            error={
              lookup.isError && lookup.data === undefined
                ? errorText(lookup.error, t("lookupError"))
                : null
            }
            onRetry={() => void lookup.refetch()}
          />
        ) : null}
        <CancelDateSummary
          id={hintId}
          effectiveDate={effectiveDate && formatLongDate(effectiveDate, locale)}
          lastActiveDay={effectiveDate && formatLongDate(dayBefore(effectiveDate), locale)}
          lastBill={lastBill}
        />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={pending} text={t("pending")} />
        {onBack ? (
          <Button variant="ghost" disabled={pending} onClick={onBack} className="sm:me-auto">
            {t("back")}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {t("keep")}
        </Button>
        <SubmitButton
          variant="danger"
          loading={pending}
          // Focusable while unavailable, so keyboard users find it and hear why via the summary.
          aria-disabled={effectiveDate === null || pending || undefined}
          aria-describedby={hintId}
        >
          {t("ok")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
