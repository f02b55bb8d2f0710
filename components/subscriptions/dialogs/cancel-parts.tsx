"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useFormatters } from "@/components/format/formatted-texts";
import { formatLongDate } from "@/lib/format/dates";
import type { SettlingBill } from "@/lib/schemas/subscriptions";
import type { CustomDateProblem } from "./cancel-dates";
import { DialogError } from "./dialog-error";

/** The required date of a "Specific Date" cancellation; `min` is the subscription's start. */
export function CustomDateField({
  value,
  min,
  problem,
  disabled,
  onChange,
  onBlur,
}: {
  value: string;
  min: string | null;
  /** The problem to show now (null hides it). */
  problem: CustomDateProblem | null;
  disabled: boolean;
  onChange: (value: string, badInput: boolean) => void;
  onBlur: () => void;
}) {
  const t = useTranslations("subscriptionDialogs.cancel");
  const locale = useLocale();
  const id = useId();
  const shownMin = min && formatLongDate(min, locale);
  const message =
    problem === "required"
      ? t("dateRequired")
      : problem === "invalid"
        ? t("dateInvalid")
        : problem === "tooEarly"
          ? t("dateTooEarly", { date: shownMin ?? "" })
          : null;
  return (
    <Field>
      <FieldLabel htmlFor={id}>{t("date")}</FieldLabel>
      <Input
        type="date"
        {...fieldAria(id, { error: message, description: true })}
        value={value}
        min={min ?? undefined}
        required
        aria-required="true"
        disabled={disabled}
        onChange={(event) => onChange(event.target.value, event.target.validity.badInput)}
        onBlur={onBlur}
        className="sm:max-w-60"
      />
      <FieldDescription id={`${id}-description`}>
        {shownMin ? t("dateHintMin", { date: shownMin }) : t("dateHint")}
      </FieldDescription>
      <FieldError id={`${id}-error`}>{message}</FieldError>
    </Field>
  );
}

/** The look-up of a choice's effective date: a spinner while it runs, the error and a retry after. */
export function LookupState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const t = useTranslations("subscriptionDialogs");
  return (
    <>
      {/* Kept mounted (hidden while idle) so that the look-up is announced when it starts. */}
      <p
        role="status"
        className={loading ? "text-muted-foreground flex items-center gap-2 text-sm" : "sr-only"}
      >
        {loading ? (
          <>
            <Spinner className="size-4" />
            {t("cancel.lookingUp")}
          </>
        ) : null}
      </p>
      <DialogError message={error} />
      {error ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={onRetry}>
          {t("retry")}
        </Button>
      ) : null}
    </>
  );
}

/** The effective date and the last active day, the day before it; what OK still needs otherwise. */
export function CancelDateSummary({
  id,
  effectiveDate,
  lastActiveDay,
  lastBill,
}: {
  /** Describes the OK button. */
  id: string;
  effectiveDate: string | null;
  lastActiveDay: string | null;
  /** The last bill the cancellation leaves, when the billing API says (LastBill). */
  lastBill?: ReactNode;
}) {
  const t = useTranslations("subscriptionDialogs.cancel");
  return (
    <div id={id} aria-live="polite">
      {effectiveDate && lastActiveDay ? (
        <dl className="bg-muted/60 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg px-3 py-2.5 text-sm">
          <dt className="text-muted-foreground">{t("effectiveDate")}</dt>
          <dd className="text-foreground font-medium">{effectiveDate}</dd>
          <dt className="text-muted-foreground">{t("lastActiveDay")}</dt>
          <dd className="text-foreground font-semibold">{lastActiveDay}</dd>
          {lastBill ? (
            <>
              <dt className="text-muted-foreground">{t("lastBill")}</dt>
              <dd className="text-foreground font-semibold">{lastBill}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="sr-only">{t("chooseFirst")}</p>
      )}
    </div>
  );
}

/**
 * A settling bill in words (a cancellation's last, or the one a pause leaves): an invoice or a
 * credit, its amount and day, or nothing more to pay; with usage on it, that usage recorded until
 * then is added. Loading and failure say so (a refusal in the billing API's words: a date it
 * does not take); a billing API without the preview (404) leaves the line out.
 */
export function LastBill({
  bill,
  currency,
  loading,
  error,
}: {
  bill: SettlingBill | undefined;
  currency: string;
  loading: boolean;
  /** Why it could not be worked out: the billing API's refusal, or a general message. */
  error: string | null;
}) {
  const t = useTranslations("subscriptionDialogs.cancel");
  const locale = useLocale();
  const format = useFormatters();
  if (bill) {
    const amount = format.money(Math.abs(bill.amount), currency);
    const date = formatLongDate(bill.date, locale);
    const text =
      bill.kind === "invoice"
        ? t("lastBillInvoice", { amount, date })
        : bill.kind === "credit_note"
          ? t("lastBillCredit", { amount, date })
          : t("lastBillNone");
    if (!bill.billsUsage) return text;
    return (
      <>
        {text}
        <span className="text-muted-foreground block text-xs font-normal">
          {t("lastBillUsage")}
        </span>
      </>
    );
  }
  if (loading) return <span className="font-normal">{t("lastBillLoading")}</span>;
  if (error) return <span className="font-normal">{error}</span>;
  return null;
}
