"use client";

import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { Plan } from "@/lib/schemas/subscriptions";

/** Why a plan cannot be chosen: already on the subscription, or not sold any more. */
export type Unavailable = "alreadyOn" | "notAddable";

export function unavailability(
  plan: Plan,
  onSubscription: ReadonlySet<string>,
): Unavailable | null {
  if (onSubscription.has(plan.id)) return "alreadyOn";
  return plan.status === "active" ? null : "notAddable";
}

/** One page of the plan catalogue with a labelled checkbox per plan (spec 001 §2). */
export function PlanGrid({
  plans,
  state,
  selected,
  onSubscription,
  disabled,
  onToggle,
}: {
  plans: readonly Plan[];
  state: "loading" | "error" | "ready";
  selected: ReadonlySet<string>;
  onSubscription: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (plan: Plan, checked: boolean) => void;
}) {
  const t = useTranslations("subscriptionDialogs.addPlan");
  return (
    // Its own scroll area: the pager and Add stay in view below a long page of plans.
    <div className="border-border max-h-[max(16rem,calc(100dvh-26rem))] overflow-auto rounded-lg border">
      <Table aria-busy={state === "loading" || undefined}>
        <TableCaption className="sr-only">{t("caption")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" className="w-12">
              <span className="sr-only">{t("select")}</span>
            </TableHead>
            <TableHead scope="col">{t("name")}</TableHead>
            <TableHead scope="col" className="hidden sm:table-cell">
              {t("id")}
            </TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              {t("billingPeriod")}
            </TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              {t("charges")}
            </TableHead>
            <TableHead scope="col">{t("status")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {state === "ready" && plans.length > 0 ? (
            plans.map((plan) => {
              const reason = unavailability(plan, onSubscription);
              const reasonId = `plan-${plan.id}-reason`;
              return (
                <TableRow key={plan.id} data-selected={selected.has(plan.id) || undefined}>
                  <TableCell className="py-2.5">
                    <input
                      type="checkbox"
                      aria-label={t("selectPlan", { name: plan.name })}
                      aria-describedby={reason ? reasonId : undefined}
                      checked={selected.has(plan.id)}
                      disabled={disabled || reason !== null}
                      onChange={(event) => onToggle(plan, event.target.checked)}
                      className="accent-primary size-4 cursor-pointer disabled:cursor-not-allowed"
                    />
                  </TableCell>
                  <TableCell>
                    <span className="font-medium">{plan.name}</span>
                    {reason ? (
                      <span id={reasonId} className="text-muted-foreground block text-xs">
                        {t(reason)}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs sm:table-cell">
                    {plan.id}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {t(`periods.${plan.billingPeriod}`)}
                  </TableCell>
                  <TableCell className="hidden md:table-cell">
                    {t("chargeCount", { count: plan.charges.length })}
                  </TableCell>
                  <TableCell>{t(`statuses.${plan.status}`)}</TableCell>
                </TableRow>
              );
            })
          ) : (
            <TableRow>
              <TableCell colSpan={6} className="text-muted-foreground py-8 text-center">
                {state === "loading" ? (
                  <span role="status" className="inline-flex items-center gap-2">
                    <Spinner className="size-4" />
                    {t("loading")}
                  </span>
                ) : state === "ready" ? (
                  t("empty")
                ) : null}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
