import { getLocale, getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { formatDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import { formatNumber } from "@/lib/format/number";
import type { PeriodLoad } from "@/lib/periods/load";
import type { DayRange, PeriodLine, PeriodTotal, SubscriptionPeriod } from "@/lib/schemas/periods";

// "This period" on the dashboard, above the history: for the selected customer, what the current
// billing period has cost so far and what the invoice that closes it will be, per subscription and
// in total, with how it is computed behind a native disclosure. A server component: it adds no
// JavaScript to the page, and its texts (the `periods` namespace) stay on the server.

/** Credits applied, shown as taken off: none is 0, not "-0.00". */
const credit = (applied: number) => (applied === 0 ? 0 : -applied);

type T = Awaited<ReturnType<typeof getTranslations<"periods">>>;
type Format = {
  money: (value: number, currency: string) => string;
  date: (day: string) => string;
  range: (range: DayRange) => string;
  number: (value: number) => string;
};

function Figure({
  label,
  value,
  note,
  strong = false,
}: {
  label: string;
  value: string;
  note?: string;
  strong?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted-foreground text-sm font-medium">{label}</dt>
      <dd
        className={
          strong
            ? "text-foreground text-2xl font-semibold tracking-tight tabular-nums"
            : "text-foreground text-lg font-medium tabular-nums"
        }
      >
        {value}
      </dd>
      {note ? <dd className="text-muted-foreground text-xs">{note}</dd> : null}
    </div>
  );
}

function Totals({ total, t, f }: { total: PeriodTotal; t: T; f: Format }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4">
      <Figure label={t("costSoFar")} value={f.money(total.costSoFar, total.currency)} />
      <Figure
        label={t("projectedTotal")}
        value={f.money(total.projectedTotal, total.currency)}
        note={t("estimate")}
        strong
      />
      <Figure
        label={t("creditsApplied")}
        value={f.money(credit(total.creditsApplied), total.currency)}
      />
      <Figure
        label={t("amountDue")}
        value={f.money(total.projectedAmountDue, total.currency)}
        note={
          total.nextInvoiceDate
            ? t("nextInvoiceOn", { date: f.date(total.nextInvoiceDate) })
            : undefined
        }
      />
    </dl>
  );
}

function SubscriptionSummary({ s, t, f }: { s: SubscriptionPeriod; t: T; f: Format }) {
  return (
    <li className="border-border flex flex-col gap-2 border-t pt-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        {/* Not a heading: the subscriptions tab below names each subscription with its own. */}
        <p className="text-foreground font-medium">{s.name}</p>
        {s.period ? (
          <p className="text-muted-foreground text-sm">
            {t("period", { range: f.range(s.period) })}
          </p>
        ) : null}
      </div>
      {s.period ? (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{t("costSoFar")}</dt>
            <dd className="tabular-nums">{f.money(s.costSoFar, s.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("projectedTotal")}</dt>
            <dd className="tabular-nums">{f.money(s.projectedTotal, s.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("creditsApplied")}</dt>
            <dd className="tabular-nums">{f.money(credit(s.creditsApplied), s.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("nextInvoice")}</dt>
            <dd>{s.nextInvoiceDate ? f.date(s.nextInvoiceDate) : "-"}</dd>
          </div>
        </dl>
      ) : null}
      {s.period ? (
        <StateNote s={s} t={t} f={f} />
      ) : (
        <p className="text-muted-foreground text-sm">
          {s.status === "cancelled"
            ? s.cancellationDate
              ? t("cancelledOn", { date: f.date(s.cancellationDate) })
              : t("cancelled")
            : t("draft")}
        </p>
      )}
    </li>
  );
}

/**
 * What is unusual about an in-service subscription's period, in words: paused (until when), a
 * pause set from its end, a cancellation whose last bill closes it, a discount in its total.
 */
function StateNote({ s, t, f }: { s: SubscriptionPeriod; t: T; f: Format }) {
  const notes: string[] = [];
  if (s.nextDocument === "resumption" && s.resumeDate)
    notes.push(t("pausedUntil", { date: f.date(s.resumeDate) }));
  if (s.nextDocument === "pause_bill" && s.resumeDate && s.nextInvoiceDate)
    notes.push(t("pauseSet", { start: f.date(s.nextInvoiceDate), end: f.date(s.resumeDate) }));
  if (s.nextDocument === "last_bill" && s.period)
    notes.push(t("lastBill", { date: f.date(s.period.end) }));
  if (s.discount < 0) notes.push(t("discount", { amount: f.money(-s.discount, s.currency) }));
  if (notes.length === 0) return null;
  return (
    <div className="text-muted-foreground flex flex-col gap-0.5 text-sm">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

/** The line's quantity and unit; none for a flat charge (its quantity bills nothing). */
function lineLabel(l: PeriodLine, t: T, f: Format): string | null {
  const unit = l.unitOfMeasure ?? "";
  if (l.pricingModel === "usage_based")
    return t("line.usage", { quantity: f.number(l.quantity), unit });
  if (l.pricingModel === "flat") return null;
  return t("line.quantity", { quantity: f.number(l.quantity), unit });
}

function Breakdown({ s, t, f }: { s: SubscriptionPeriod; t: T; f: Format }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-foreground text-sm font-semibold">{s.name}</h4>
      <ul className="flex flex-col gap-2">
        {s.lines.map((l) => (
          <li key={l.id} className="bg-muted/40 rounded-lg px-3 py-2 text-sm">
            <p className="text-foreground font-medium">{l.chargeName}</p>
            {lineLabel(l, t, f) ? (
              <p className="text-muted-foreground">{lineLabel(l, t, f)}</p>
            ) : null}
            <dl className="text-muted-foreground mt-1 flex flex-wrap gap-x-6 gap-y-1">
              <div className="flex flex-wrap gap-x-1">
                <dt>{t("line.soFar")}</dt>
                <dd className="text-foreground tabular-nums">{f.money(l.costSoFar, s.currency)}</dd>
              </div>
              <div className="flex flex-wrap gap-x-1">
                <dt>{t("line.next")}</dt>
                <dd className="text-foreground tabular-nums">
                  {l.billedPeriod
                    ? t("line.nextFor", {
                        amount: f.money(l.nextInvoiceAmount, s.currency),
                        range: f.range(l.billedPeriod),
                      })
                    : t("line.notNext")}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Subscriptions in service first, by their next invoice; then the others, as the API lists them. */
const byState = (subscriptions: SubscriptionPeriod[]) =>
  [...subscriptions].sort(
    (a, b) =>
      Number(b.period !== null) - Number(a.period !== null) ||
      (a.nextInvoiceDate ?? "").localeCompare(b.nextInvoiceDate ?? ""),
  );

export async function ThisPeriod({ load }: { load: PeriodLoad }) {
  if (load.state === "absent") return null;
  const t = await getTranslations("periods");
  const locale = await getLocale();
  const f: Format = {
    money: (value, currency) => formatMoney(value, currency, locale),
    date: (day) => formatDate(day, locale),
    range: (r) =>
      t("range", { start: formatDate(r.start, locale), end: formatDate(r.end, locale) }),
    number: (value) => formatNumber(value, locale),
  };
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" role="region" aria-labelledby="this-period">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="this-period" className="text-foreground text-xl font-semibold tracking-tight">
          {t("title")}
        </h2>
        {load.state === "shown" ? (
          <p className="text-muted-foreground text-sm">
            {t("asOf", { date: f.date(load.estimate.today) })}
          </p>
        ) : null}
      </div>
      {load.state === "failed" ? (
        <p className="text-muted-foreground text-sm">{t("failed")}</p>
      ) : (
        <>
          {load.estimate.totals.map((total) => (
            <Totals key={total.currency} total={total} t={t} f={f} />
          ))}
          <ul className="flex flex-col gap-3" aria-label={t("bySubscription")}>
            {byState(load.estimate.subscriptions).map((s) => (
              <SubscriptionSummary key={s.id} s={s} t={t} f={f} />
            ))}
          </ul>
          <details className="group border-border rounded-xl border">
            <summary className="text-primary focus-visible:ring-ring cursor-pointer rounded-xl px-4 py-3 text-sm font-medium focus-visible:ring-2 focus-visible:outline-none">
              {t("how.summary")}
            </summary>
            <div className="flex flex-col gap-4 px-4 pb-4">
              <ul className="text-muted-foreground flex list-disc flex-col gap-1 ps-5 text-sm">
                <li>{t("how.costSoFar")}</li>
                <li>{t("how.projected")}</li>
                <li>{t("how.credits")}</li>
                <li>{t("how.estimate")}</li>
              </ul>
              {byState(load.estimate.subscriptions)
                .filter((s) => s.period !== null)
                .map((s) => (
                  <Breakdown key={s.id} s={s} t={t} f={f} />
                ))}
            </div>
          </details>
        </>
      )}
    </Card>
  );
}
