"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { AccountSection, LoadFailed } from "@/components/account/section";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { usePress } from "@/components/forms/use-press";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import { fetchAlertSettings } from "@/lib/alerts/bff";
import {
  useAddRecipientMutation,
  useAddThresholdMutation,
  useAlertsForMeMutation,
  useRemoveRecipientMutation,
  useRemoveThresholdMutation,
} from "@/lib/alerts/mutations";
import { alertSettingsQuery } from "@/lib/alerts/queries";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import {
  ALERT_BASES,
  MAX_ALERT_ADDRESSES,
  MAX_ALERT_THRESHOLDS,
  amountOf,
  recipientFormSchema,
  thresholdFormSchema,
  type AlertBasis,
  type AlertSettings,
} from "@/lib/schemas/alerts";

// Billing alerts on the account page (issue 31 §3): thresholds on this period's projected total or
// cost so far, who receives them (the user by a switch, other addresses confirmed by a link), and
// what was sent. The billing API evaluates them; this only sets them. Limits and duplicates are
// said here in the user's language before the API is asked (it refuses them too).

/** "Remove", named for what it removes. */
function RemoveButton({
  label,
  disabled,
  onPress,
}: {
  label: string;
  disabled: boolean;
  onPress: () => void;
}) {
  const t = useTranslations("account.alerts");
  return (
    <Button variant="ghost" size="sm" disabled={disabled} aria-label={label} onClick={onPress}>
      {t("recipients.removeShort")}
    </Button>
  );
}

/** A form's refusal, said in place of its hint. */
function FormNote({ error, hint }: { error: string | null; hint?: string }) {
  if (error)
    return (
      <p role="alert" className="text-danger text-sm">
        {error}
      </p>
    );
  return hint ? <p className="text-muted-foreground text-xs">{hint}</p> : null;
}

function Thresholds({ customerId, settings }: { customerId: string; settings: AlertSettings }) {
  const t = useTranslations("account.alerts");
  const locale = useLocale();
  const tr = useKeyTranslator();
  const basisName = useId();
  const money = (amount: number) => formatMoney(amount, settings.currency, locale);
  const add = useAddThresholdMutation(customerId);
  const remove = usePress(useRemoveThresholdMutation(customerId), {
    onSuccess: () => toastSuccess(t("thresholds.removed")),
    onError: (error) => toastError(tr.error(error)),
  });
  const full = settings.thresholds.length >= MAX_ALERT_THRESHOLDS;
  const { form, onSubmit, fieldError, formError, pending } = useBffForm({
    schema: thresholdFormSchema,
    defaultValues: { amount: "", basis: "projected_total" },
    submit: async (values) => {
      const amount = amountOf(values.amount);
      if (settings.thresholds.some((x) => x.basis === values.basis && x.amount === amount))
        throw new ApiError(400, "duplicate", "account.alerts.errors.duplicate");
      return add.mutateAsync({ amount, basis: values.basis });
    },
    onSuccess: () => {
      form.reset({ amount: "", basis: form.getValues("basis") });
      toastSuccess(t("thresholds.added"));
    },
    errorText: (error) =>
      error instanceof ApiError && error.code === "duplicate"
        ? t("errors.duplicate")
        : error instanceof ApiError && error.detail
          ? error.detail
          : tr.error(error),
  });
  const basis = form.watch("basis");
  return (
    <section aria-labelledby="alert-thresholds" className="flex flex-col gap-3">
      <h3 id="alert-thresholds" className="text-foreground text-sm font-semibold">
        {t("thresholds.title")}
      </h3>
      {settings.thresholds.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("thresholds.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {settings.thresholds.map((x) => (
            <li
              key={x.id}
              className="border-border flex items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm"
            >
              <span className="tabular-nums">
                {t("thresholds.item", { basis: x.basis, amount: money(x.amount) })}
              </span>
              <RemoveButton
                label={t("thresholds.remove", { amount: money(x.amount) })}
                disabled={remove.pending}
                onPress={() => void remove.run(x.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-muted-foreground text-sm">
          {t("errors.tooManyThresholds", { max: MAX_ALERT_THRESHOLDS })}
        </p>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
          <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <legend className="text-foreground mb-1 text-sm font-medium">
              {t("thresholds.basis")}
            </legend>
            {ALERT_BASES.map((b: AlertBasis) => (
              <label key={b} className="text-foreground flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={basisName}
                  value={b}
                  checked={basis === b}
                  onChange={() => form.setValue("basis", b)}
                  className="accent-primary size-4"
                />
                {t(`thresholds.basisOption.${b}`)}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap items-start gap-3">
            <TextField
              id="alert-amount"
              label={t("thresholds.amount", { currency: settings.currency })}
              inputMode="decimal"
              autoComplete="off"
              className="w-44"
              error={fieldError("amount")}
              {...form.register("amount")}
            />
            <Button type="submit" loading={pending} className="mt-6">
              {t("thresholds.add")}
            </Button>
          </div>
          <FormNote error={formError} hint={t("thresholds.limit", { max: MAX_ALERT_THRESHOLDS })} />
        </form>
      )}
    </section>
  );
}

function Recipients({
  customerId,
  settings,
  email,
}: {
  customerId: string;
  settings: AlertSettings;
  email: string | null;
}) {
  const t = useTranslations("account.alerts");
  const tr = useKeyTranslator();
  const me = settings.recipients.find((r) => r.isMe);
  const others = settings.recipients.filter((r) => r.kind === "address");
  const forMe = usePress(useAlertsForMeMutation(customerId), {
    onError: (error) => toastError(tr.error(error)),
  });
  const remove = usePress(useRemoveRecipientMutation(customerId), {
    onSuccess: () => toastSuccess(t("recipients.removed")),
    onError: (error) => toastError(tr.error(error)),
  });
  const add = useAddRecipientMutation(customerId);
  const full = others.length >= MAX_ALERT_ADDRESSES;
  const { form, onSubmit, fieldError, formError, pending } = useBffForm({
    schema: recipientFormSchema,
    defaultValues: { email: "" },
    submit: async ({ email: address }) => {
      if (settings.recipients.some((r) => r.email.toLowerCase() === address.toLowerCase()))
        throw new ApiError(400, "duplicate", "account.alerts.errors.duplicateAddress");
      return add.mutateAsync(address);
    },
    onSuccess: (_r, { email: address }) => {
      form.reset({ email: "" });
      toastSuccess(t("recipients.added", { email: address }));
    },
    errorText: (error) =>
      error instanceof ApiError && error.code === "duplicate"
        ? t("errors.duplicateAddress")
        : error instanceof ApiError && error.detail
          ? error.detail
          : tr.error(error),
  });
  const checked = forMe.pending && typeof forMe.variables === "boolean" ? forMe.variables : !!me;
  return (
    <section aria-labelledby="alert-recipients" className="flex flex-col gap-3">
      <h3 id="alert-recipients" className="text-foreground text-sm font-semibold">
        {t("recipients.title")}
      </h3>
      {email ? (
        <div className="flex items-center justify-between gap-4">
          <p id="alerts-me" className="text-foreground text-sm">
            {t("recipients.me", { email })}
          </p>
          <Switch
            checked={checked}
            disabled={forMe.pending}
            aria-labelledby="alerts-me"
            onCheckedChange={(next) => void forMe.run(next)}
          />
        </div>
      ) : null}
      <h4 className="text-muted-foreground text-sm font-medium">{t("recipients.others")}</h4>
      {others.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("recipients.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {others.map((r) => (
            <li
              key={r.id}
              className="border-border flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-all">{r.email}</span>
              <span className="flex items-center gap-2">
                <span
                  className={
                    r.status === "confirmed"
                      ? "text-success text-xs"
                      : "text-muted-foreground text-xs"
                  }
                >
                  {t(`recipients.status.${r.status}`)}
                </span>
                <RemoveButton
                  label={t("recipients.remove", { email: r.email })}
                  disabled={remove.pending}
                  onPress={() => void remove.run(r.id)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-muted-foreground text-sm">
          {t("errors.tooManyAddresses", { max: MAX_ALERT_ADDRESSES })}
        </p>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
          <div className="flex flex-wrap items-start gap-3">
            <TextField
              id="alert-email"
              type="email"
              autoComplete="email"
              label={t("recipients.email")}
              className="min-w-0 flex-1 basis-56"
              error={fieldError("email")}
              description={t("recipients.hint")}
              {...form.register("email")}
            />
            <Button type="submit" variant="secondary" loading={pending} className="mt-6">
              {t("recipients.add")}
            </Button>
          </div>
          <FormNote error={formError} />
        </form>
      )}
    </section>
  );
}

function History({ settings }: { settings: AlertSettings }) {
  const t = useTranslations("account.alerts");
  const locale = useLocale();
  return (
    <section aria-labelledby="alert-history" className="flex flex-col gap-3">
      <h3 id="alert-history" className="text-foreground text-sm font-semibold">
        {t("history.title")}
      </h3>
      {settings.events.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("history.none")}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("history.title")}</caption>
          <thead>
            <tr className="border-border text-muted-foreground border-b text-start">
              <th scope="col" className="py-2 text-start font-medium">
                {t("history.date")}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t("history.threshold")}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t("history.value")}
              </th>
            </tr>
          </thead>
          <tbody>
            {settings.events.map((e) => (
              <tr key={e.id} className="border-border border-b">
                <td className="py-2">{formatDate(e.firedAt.slice(0, 10), locale)}</td>
                <td className="py-2">
                  {t("thresholds.item", {
                    basis: e.basis,
                    amount: formatMoney(e.amount, e.currency, locale),
                  })}
                </td>
                <td className="py-2 text-end tabular-nums">
                  {formatMoney(e.value, e.currency, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The account page's "Billing alerts"; nothing when the billing API has no alerts. */
export default function AlertsCard({
  customerId,
  email,
}: {
  customerId: string;
  email: string | null;
}) {
  const t = useTranslations("account.alerts");
  const tCommon = useTranslations("common");
  const query = useQuery(alertSettingsQuery(customerId, fetchAlertSettings));
  if (query.data === null) return null;
  return (
    <AccountSection id="alerts" title={t("title")} description={t("intro")}>
      {query.data ? (
        <div className="flex flex-col gap-6">
          <Thresholds customerId={customerId} settings={query.data} />
          <Recipients customerId={customerId} settings={query.data} email={email} />
          <History settings={query.data} />
        </div>
      ) : query.isError ? (
        <LoadFailed
          text={t("loadFailed")}
          retry={() => void query.refetch()}
          retryLabel={tCommon("errorPage.retry")}
        />
      ) : (
        <p className="text-muted-foreground text-sm">{tCommon("shell.loading")}</p>
      )}
    </AccountSection>
  );
}
