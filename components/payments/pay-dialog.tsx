"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useId, useState, type FormEvent } from "react";
import { useRefreshOnReturn } from "@/components/dashboard/use-refresh-on-return";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { useFormatters } from "@/components/format/formatted-texts";
import { SignedLinkButton } from "@/components/tables/cells/signed-link-button";
import { useOpenSignedLink } from "@/components/tables/cells/open-link";
import { Button } from "@/components/ui/button";
import { Field, FieldDescription, FieldError, FieldLabel, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, type RadioOption } from "@/components/ui/radio-group";
import { fetchPaymentMethods } from "@/lib/account/bff";
import { paymentMethodsQuery } from "@/lib/account/queries";
import { ApiError } from "@/lib/api-client";
import type { DialogBodyProps } from "@/lib/dialogs";
import { useRefreshBilling } from "@/lib/lists/use-refresh-billing";
import { fetchPayQuote, fetchReceiptUrl, postHostedPayment, postPayment } from "@/lib/payments/bff";
import { mayRetrySameKey, newIdempotencyKey } from "@/lib/payments/idempotency";
import { payQuoteQuery } from "@/lib/payments/queries";
import type { PaymentMethod } from "@/lib/schemas/account";
import {
  MAX_PAYMENT_INVOICES,
  parseTypedAmount,
  type MadePayment,
  type PayQuote,
} from "@/lib/schemas/payments";
import type { PayDialogData } from "./dialogs";
import { planAllocation } from "./allocation";

const HOSTED = "hosted";

/** Refusals and declines the dialog says in its own words; anything else is "generic". */
const PAY_ERRORS = [
  "amount_above_balance",
  "amount_below_minimum",
  "partial_payments_disabled",
  "invoice_not_open",
  "mixed_currencies",
  "nothing_to_pay",
  "too_many_invoices",
  "payment_method_unusable",
  "card_declined",
  "insufficient_funds",
  "expired_card",
  "not_found",
] as const;
type PayErrorCode = (typeof PAY_ERRORS)[number] | "generic";
const payErrorCode = (failure: unknown): PayErrorCode => {
  const code = failure instanceof ApiError ? failure.code : "";
  return (PAY_ERRORS as readonly string[]).includes(code) ? (code as PayErrorCode) : "generic";
};

/** Saved methods a payment can be charged to: verified, and cards not past their month. */
function usableMethods(methods: readonly PaymentMethod[], now = new Date()): PaymentMethod[] {
  const month = now.getFullYear() * 12 + now.getMonth() + 1;
  return methods.filter(
    (m) =>
      m.status === "verified" && !(m.expYear && m.expMonth && m.expYear * 12 + m.expMonth < month),
  );
}

/**
 * The pay dialog (issue 32 §2): what the chosen invoices owe, shown before anything happens; how
 * to pay (a saved method, the default first, or the hosted page for exactly that set); then the
 * payment made, with its receipt, or why not (nothing charged). One Idempotency-Key per attempt:
 * kept for retries of an attempt whose answer never came, new after any answer.
 */
export function PayDialogBody({ entry, onCancel }: DialogBodyProps<PayDialogData, undefined>) {
  const t = useTranslations("lists.pay");
  const format = useFormatters();
  const { customerId, mode, selection, settings, onPaid } = entry.data;
  const quote = useQuery(payQuoteQuery(customerId, selection, fetchPayQuote));
  const methods = useQuery(paymentMethodsQuery(customerId, fetchPaymentMethods));
  const usable = usableMethods(methods.data?.paymentMethods ?? []);
  const preferred = usable.find((m) => m.isDefault) ?? usable[0];
  const [method, setMethod] = useState<string | null>(null);
  const chosen = method ?? preferred?.id ?? (methods.data ? HOSTED : null);

  const [typed, setTyped] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<MadePayment | null>(null);
  const [hostedOpen, setHostedOpen] = useState(false);
  const amountId = useId();
  const refreshBilling = useRefreshBilling();

  const pay = useMutation({
    mutationFn: postPayment,
    // The same request (the same key) again when its answer may have been lost on the way.
    retry: (count, failure) =>
      count < 2 && failure instanceof ApiError && mayRetrySameKey(failure.status),
    onSuccess: ({ payment }) => {
      setPaid(payment);
      onPaid?.();
      void refreshBilling();
    },
    onError: (failure) => {
      setError(t(`errors.${payErrorCode(failure)}`));
      // Answered: the next attempt is another request, with its own key.
      if (!(failure instanceof ApiError) || !mayRetrySameKey(failure.status))
        setKey(newIdempotencyKey());
    },
  });

  const onReturn = useCallback(() => {
    setHostedOpen(false);
    void refreshBilling();
  }, [refreshBilling]);
  useRefreshOnReturn(hostedOpen, onReturn);

  const q: PayQuote | undefined = quote.data;
  const currency = q?.totals[0]?.currency ?? "USD";
  const balance = q?.totals[0]?.amount ?? 0;
  const amount = mode === "amount" ? parseTypedAmount(typed) : balance;
  const hosted = useOpenSignedLink(() =>
    postHostedPayment({
      selection,
      ...(mode === "amount" && amount !== null ? { amount } : {}),
    }),
  );
  const money = (value: number) => format.money(value, currency);
  const payable = q !== undefined && q.invoices.length > 0 && q.totals.length === 1 && !q.tooMany;

  const checkAmount = (text = typed): number | null => {
    if (mode !== "amount") return balance;
    const value = parseTypedAmount(text);
    if (value === null) return fail(t("errors.amountFormat"));
    if (value <= 0) return fail(t("errors.amountPositive"));
    if (value > balance) return fail(t("errors.amount_above_balance"));
    if (value < balance && settings.partialMinimum !== null && value < settings.partialMinimum)
      return fail(t("errors.amount_below_minimum"));
    setAmountError(null);
    return value;
  };
  function fail(message: string): null {
    setAmountError(message);
    return null;
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending || hosted.pending || !payable || chosen === null) return;
    const value = checkAmount();
    if (value === null) return;
    setError(null);
    if (chosen === HOSTED) {
      if (await hosted.open()) setHostedOpen(true);
      return;
    }
    pay.mutate({
      selection,
      ...(mode === "amount" ? { amount: value } : {}),
      paymentMethodId: chosen,
      idempotencyKey: key,
    });
  };

  if (paid) {
    return (
      <div>
        <div className="flex flex-col gap-4 px-6 pt-4">
          <p role="status" className="text-success text-sm font-semibold">
            {t("paid", { id: paid.id, amount: format.money(paid.amount, paid.currency) })}
          </p>
          <div>
            <h3 className="text-foreground mb-2 text-sm font-medium">{t("paidInvoices")}</h3>
            <ul className="text-foreground flex flex-col gap-1 text-sm">
              {paid.allocations.map((a) => (
                <li key={a.invoiceId} className="flex justify-between gap-4">
                  <span>{a.invoiceId}</span>
                  <span className="tabular-nums">{format.money(a.amount, paid.currency)}</span>
                </li>
              ))}
            </ul>
          </div>
          <SignedLinkButton fetchLink={() => fetchReceiptUrl(paid.id)} context={paid.id}>
            {t("receipt")}
          </SignedLinkButton>
        </div>
        <DialogFooter>
          <Button autoFocus onClick={onCancel}>
            {t("close")}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  const methodOptions: RadioOption<string>[] = [
    ...usable.map((m) => ({
      value: m.id,
      label: methodLabel(m, t),
      ...(m.isDefault ? { description: t("methodDefault") } : {}),
    })),
    { value: HOSTED, label: t("methodHosted") },
  ];
  const allocation =
    mode === "amount" && q && amount !== null && amount > 0 && amount <= balance
      ? planAllocation(q.invoices, amount)
      : null;

  return (
    <form method="post" onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        {quote.isPending ? (
          <p role="status" className="text-muted-foreground text-sm">
            {t("loading")}
          </p>
        ) : quote.isError ? (
          <p role="alert" className="text-danger text-sm font-medium">
            {t("loadError")}
          </p>
        ) : q ? (
          <>
            {q.invoices.length > 0 ? (
              // Scrolls on its own past a few rows: focusable, so a keyboard can scroll it too.
              <div
                role="group"
                aria-label={t("invoices")}
                tabIndex={0}
                className="border-border focus-visible:outline-primary max-h-60 overflow-y-auto rounded-lg border focus-visible:outline-2"
              >
                <table className="w-full text-sm">
                  <caption className="sr-only">{t("invoices")}</caption>
                  <thead className="bg-muted text-muted-foreground sticky top-0 text-xs">
                    <tr>
                      <th scope="col" className="px-2 py-2 text-start font-semibold sm:px-3">
                        {t("invoice")}
                      </th>
                      <th scope="col" className="px-2 py-2 text-start font-semibold sm:px-3">
                        {t("dueDate")}
                      </th>
                      <th scope="col" className="px-2 py-2 text-end font-semibold sm:px-3">
                        {t("balance")}
                      </th>
                      {allocation ? (
                        <th scope="col" className="px-2 py-2 text-end font-semibold sm:px-3">
                          {t("applied")}
                        </th>
                      ) : null}
                    </tr>
                  </thead>
                  <tbody>
                    {q.invoices.map((i) => (
                      <tr key={i.id} className="border-border border-t">
                        <th scope="row" className="px-2 py-2 text-start font-medium sm:px-3">
                          {i.id}
                        </th>
                        <td className="px-2 py-2 sm:px-3">
                          {i.dueDate ? format.date(i.dueDate) : ""}
                        </td>
                        <td className="px-2 py-2 text-end tabular-nums sm:px-3">
                          {format.money(i.balance, i.currency)}
                        </td>
                        {allocation ? (
                          <td className="px-2 py-2 text-end tabular-nums sm:px-3">
                            {money(allocation.get(i.id) ?? 0)}
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-foreground text-sm">{t("nothingOpen")}</p>
            )}
            {q.notOpen > 0 ? (
              <p className="text-muted-foreground text-sm">{t("notOpen", { count: q.notOpen })}</p>
            ) : null}
            {q.tooMany ? (
              <p role="alert" className="text-danger text-sm font-medium">
                {t("tooMany", { max: MAX_PAYMENT_INVOICES })}
              </p>
            ) : null}
            {q.totals.length > 1 ? (
              <p role="alert" className="text-danger text-sm font-medium">
                {t("mixedCurrencies", { currencies: q.totals.map((x) => x.currency).join(", ") })}
              </p>
            ) : null}
            {mode === "amount" && payable ? (
              <Field>
                <FieldLabel htmlFor={amountId}>{t("amountLabel", { currency })}</FieldLabel>
                <Input
                  {...fieldAria(amountId, { error: amountError, description: true })}
                  inputMode="decimal"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => {
                    setTyped(event.target.value);
                    // Once an error shows, it follows what is typed.
                    if (amountError) checkAmount(event.target.value);
                  }}
                  onBlur={() => (typed ? checkAmount() : null)}
                />
                <FieldDescription id={`${amountId}-description`}>
                  {settings.partialMinimum !== null
                    ? t("amountHintMinimum", {
                        balance: money(balance),
                        minimum: money(settings.partialMinimum),
                      })
                    : t("amountHint", { balance: money(balance) })}
                </FieldDescription>
                <FieldError id={`${amountId}-error`}>{amountError}</FieldError>
              </Field>
            ) : null}
            {payable ? (
              <p id={`${amountId}-total`} className="text-foreground text-base font-semibold">
                {t("total", { amount: money(amount ?? 0) })}
              </p>
            ) : null}
            {payable && methods.data ? (
              <>
                {usable.length === 0 ? (
                  <p className="text-muted-foreground text-sm">{t("noMethods")}</p>
                ) : null}
                <RadioGroup
                  legend={t("method")}
                  value={chosen}
                  onValueChange={setMethod}
                  options={methodOptions}
                  disabled={pay.isPending}
                />
              </>
            ) : null}
            {hostedOpen ? (
              <p role="status" className="text-foreground text-sm">
                {t("hostedOpened")}
              </p>
            ) : null}
          </>
        ) : null}
        <div role="alert" className={error ? undefined : "sr-only"}>
          {error ? (
            <p className="border-danger-border bg-danger-soft text-danger rounded-lg border px-2 py-2 text-sm font-medium sm:px-3.5">
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={pay.isPending} text={t("loading")} />
        <Button variant="secondary" disabled={pay.isPending} onClick={onCancel}>
          {t("cancel")}
        </Button>
        {payable ? (
          <Button
            type="submit"
            loading={pay.isPending || hosted.pending}
            aria-describedby={`${amountId}-total`}
          >
            {chosen === HOSTED ? t("payHosted") : t("pay", { amount: money(amount ?? 0) })}
          </Button>
        ) : null}
      </DialogFooter>
    </form>
  );
}

function methodLabel(m: PaymentMethod, t: ReturnType<typeof useTranslations<"lists.pay">>) {
  const last4 = m.accountNumber.replace(/\D/g, "").slice(-4);
  return m.paymentMethodType === "card"
    ? t("methodCard", { brand: m.type.charAt(0).toUpperCase() + m.type.slice(1), last4 })
    : t("methodBank", { bank: m.type, last4 });
}
