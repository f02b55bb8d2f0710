"use client";

import { useQuery } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { fetchActivity } from "@/lib/activity/bff";
import { activityParsers, activityQueryOf } from "@/lib/activity/params";
import { activityQuery } from "@/lib/activity/queries";
import { ApiError } from "@/lib/api-client";
import { formatLongDate } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import {
  ACTIVITY_KINDS,
  type ActivityArg,
  type ActivityEntry,
  type ActivityKind,
} from "@/lib/schemas/activity";

/**
 * An entry's values as its sentence takes them: days and amounts formatted in the customer's
 * locale; numbers as numbers (the sentence's plural needs them so, and formats them itself).
 */
function sentenceValues(args: Record<string, ActivityArg>, locale: string) {
  return Object.fromEntries(
    Object.entries(args).map(([name, arg]) => [
      name,
      arg.type === "day"
        ? formatLongDate(arg.value, locale)
        : arg.type === "money"
          ? formatMoney(arg.value, arg.currency, locale)
          : arg.value,
    ]),
  );
}

const CONTACT_FIELD_KEYS: Record<string, string> = {
  first_name: "firstName",
  last_name: "lastName",
  address1: "address1",
  address2: "address2",
  city: "city",
  state: "state",
  zip: "zip",
  phone: "phone",
  mobile: "mobile",
  email: "email",
  job_title: "jobTitle",
  department: "department",
};

/**
 * The activity log of the selected customer (issue 34 §3): who changed what and when, newest
 * first, a page at a time from the billing API, of one kind or all; the page and kind are in the
 * URL, so Back and a shared link keep them.
 */
export function ActivityView({ customerId, email }: { customerId: string; email: string | null }) {
  const t = useTranslations("account.activity");
  const tCommon = useTranslations("common");
  const filterId = useId();
  const [params, setParams] = useQueryStates(activityParsers, { history: "push", shallow: true });
  const query = activityQueryOf(params);
  const page = useQuery(activityQuery(customerId, query, () => fetchActivity(query)));
  const data = page.data;
  const missing = page.error instanceof ApiError && page.error.status === 404;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
            {t("title")}
          </h1>
          <p className="text-muted-foreground text-sm">{t("intro")}</p>
        </div>
        <div className="flex w-full flex-col gap-1 sm:w-64">
          <label htmlFor={filterId} className="text-foreground text-sm font-medium">
            {t("filter")}
          </label>
          <Select
            id={filterId}
            value={query.kind ?? ""}
            onChange={(e) =>
              void setParams({ kind: (e.target.value || null) as ActivityKind | null, page: 1 })
            }
          >
            <option value="">{t("all")}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kindNames.${kind}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <Card className="px-5 py-2 sm:px-6" aria-busy={page.isFetching || undefined}>
        {data ? (
          data.items.length ? (
            <ol className="divide-border flex flex-col divide-y" aria-label={t("listLabel")}>
              {data.items.map((entry) => (
                <Entry key={entry.id} entry={entry} me={email} />
              ))}
            </ol>
          ) : (
            <p className="text-muted-foreground py-6 text-sm">
              {query.kind ? t("emptyKind") : t("empty")}
            </p>
          )
        ) : page.isError ? (
          <p role="alert" className="text-muted-foreground py-6 text-sm">
            {missing ? t("unavailable") : t("loadFailed")}{" "}
            {missing ? null : (
              <button
                type="button"
                className="text-primary font-medium underline"
                onClick={() => void page.refetch()}
              >
                {tCommon("errorPage.retry")}
              </button>
            )}
          </p>
        ) : (
          <p className="text-muted-foreground py-6 text-sm">{tCommon("shell.loading")}</p>
        )}
      </Card>

      {data && data.pages > 1 ? (
        <nav aria-label={t("pages")} className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={query.page <= 1}
            onClick={() => void setParams({ page: query.page - 1 })}
          >
            {t("previous")}
          </Button>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {t("pageOf", { page: query.page, pages: data.pages })}
          </p>
          <Button
            variant="secondary"
            disabled={query.page >= data.pages}
            onClick={() => void setParams({ page: query.page + 1 })}
          >
            {t("next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function Entry({ entry, me }: { entry: ActivityEntry; me: string | null }) {
  const t = useTranslations("account.activity");
  const tAccount = useTranslations("account");
  const locale = useLocale();
  const when = new Date(entry.at);
  const who =
    entry.actor.kind === "user"
      ? entry.actor.email && me && entry.actor.email.toLowerCase() === me.toLowerCase()
        ? t("actors.you")
        : (entry.actor.email ?? t("actors.someone"))
      : entry.actor.kind === "company"
        ? t("actors.company", { name: entry.actor.name ?? "" })
        : t("actors.system");
  return (
    <li className="flex flex-col gap-1 py-4 sm:flex-row sm:gap-6">
      <time dateTime={entry.at} className="text-muted-foreground shrink-0 text-sm sm:w-44">
        {new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(when)}
      </time>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-foreground text-sm break-words">
          {t(`kinds.${entry.kind}`, sentenceValues(entry.args, locale) as never)}
        </p>
        {entry.changes.length ? (
          <ul className="text-muted-foreground flex flex-col gap-0.5 text-xs">
            {entry.changes.map((c) => (
              <li key={c.field} className="break-words">
                {t("change", {
                  field: tAccount(
                    `contact.fields.${CONTACT_FIELD_KEYS[c.field] ?? "email"}` as "contact.fields.email",
                  ),
                  before: c.before ?? t("none"),
                  after: c.after ?? t("none"),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-muted-foreground text-xs">{t("by", { who })}</p>
      </div>
    </li>
  );
}
