"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { AddPlanData, DialogWork } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastError } from "@/components/feedback/toaster";
import { Pager } from "@/components/tables/core/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { PLAN_PAGE_SIZES, type Plan, type PlanQuery } from "@/lib/schemas/subscriptions";
import { fetchPlanDetails, usePlans } from "@/lib/subscriptions/use-subscriptions";
import { DialogError } from "./dialog-error";
import { PlanGrid } from "./plan-grid";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

type PlanPageSize = (typeof PLAN_PAGE_SIZES)[number];

// Spec 001 §5, §8: how long each add-plan error toast stays.
const NONE_SELECTED_MS = 3000;
const ADDING_FAILED_MS = 5000;
const SEARCH_DELAY_MS = 300;
const PLAN_ID_REQUIRED = "Plan ID is required";

/**
 * Add Plan (spec 001 §2, §5, §8): a paged, searchable plan catalogue sorted by name; the chosen
 * plans' details are fetched and handed to the caller, which adds them to its pending change.
 */
export function AddPlanDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<AddPlanData, DialogWork>) {
  const t = useTranslations("subscriptionDialogs");
  const { error: errorText } = useKeyTranslator();
  const queryClient = useQueryClient();
  const { customerId, subscription, onAdd } = entry.data;
  const searchId = useId();
  const [draft, setDraft] = useState("");
  const [view, setView] = useState<{ page: number; size: PlanPageSize; search: string }>({
    page: 1,
    size: 10,
    search: "",
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, Plan>>(new Map());

  useEffect(() => {
    // A search runs once typing pauses, from the first page.
    const timer = setTimeout(() => {
      setView((v) => (v.search === draft.trim() ? v : { ...v, page: 1, search: draft.trim() }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const query: PlanQuery = {
    page: view.page,
    size: view.size,
    sort: "name.asc",
    search: view.search || undefined,
  };
  const plans = usePlans(customerId, query);
  const rows = plans.isError ? [] : (plans.data?.plans ?? []);
  const total = plans.isError ? 0 : (plans.data?.total ?? 0);
  const state = plans.isError ? "error" : plans.data ? "ready" : "loading";
  const onSubscription = useMemo(
    () => new Set(subscription.plans.map((plan) => plan.planId)),
    [subscription.plans],
  );
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  const toggle = (plan: Plan, checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(plan.id, plan);
      else next.delete(plan.id);
      return next;
    });

  const run = async (ids: string[]): Promise<boolean> => {
    try {
      const details = await Promise.all(
        ids.map((id) => fetchPlanDetails(queryClient, customerId, id)),
      );
      onAdd(details);
      return true;
    } catch (failure) {
      const detail = failureDetail(failure, t("addPlan.error.planIdRequired"), errorText);
      const message = t("addPlan.error.addingPlans");
      toastError(detail ? t("addPlan.error.withDetail", { message, detail }) : message, {
        durationMs: ADDING_FAILED_MS,
      });
      return false;
    }
  };

  const add = () => {
    if (entry.pending) return;
    if (selected.size === 0) {
      toastError(t("addPlan.error.noPlansSelected"), { durationMs: NONE_SELECTED_MS });
      return;
    }
    onOkay(run([...selected.keys()]));
  };

  return (
    // Not a form: the pager's page jump is one, and forms do not nest.
    <div>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-foreground text-sm font-medium">
            {t("addPlan.search")}
          </label>
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            value={draft}
            disabled={entry.pending}
            // Enter searches at once, without waiting for the pause.
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              setView((v) => ({ ...v, page: 1, search: draft.trim() }));
            }}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
            className="sm:max-w-80"
          />
        </div>
        <DialogError message={state === "error" ? t("addPlan.error.fetching") : null} />
        <PlanGrid
          plans={rows}
          state={state}
          selected={selectedIds}
          onSubscription={onSubscription}
          disabled={entry.pending}
          onToggle={toggle}
        />
        {total > 0 ? (
          <Pager
            label={t("addPlan.pages")}
            pageIndex={view.page - 1}
            pageCount={Math.max(1, Math.ceil(total / view.size))}
            size={view.size}
            sizes={PLAN_PAGE_SIZES}
            onPageChange={(index) => setView((v) => ({ ...v, page: index + 1 }))}
            onSizeChange={(size) => setView((v) => ({ ...v, size, page: 1 }))}
          />
        ) : null}
        <p role="status" className="text-muted-foreground text-sm">
          {t("addPlan.selected", { count: selected.size })}
        </p>
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("addPlan.pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("cancelLabel")}
        </Button>
        <Button
          loading={entry.pending}
          onClick={add}
          // Focusable while nothing is chosen; pressing it then says what is missing (spec 001 §5).
          aria-disabled={selected.size === 0 || entry.pending || undefined}
        >
          {t("addPlan.add")}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The part of an add failure worth showing: the server's message, or the missing plan id. */
function failureDetail(
  failure: unknown,
  planIdRequired: string,
  errorText: (error: unknown, fallback: string) => string,
): string {
  if (failure instanceof ApiError) return errorText(failure, "");
  if (failure instanceof Error && failure.message === PLAN_ID_REQUIRED) return planIdRequired;
  return "";
}
