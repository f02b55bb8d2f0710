"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { AddPlanData, DialogWork } from "./types";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastError } from "@/components/feedback/toaster";
import { Pager } from "@/components/tables/core/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import {
  PLAN_PAGE_SIZES,
  PLAN_STATUSES,
  type Plan,
  type PlanQuery,
  type PlanStatus,
} from "@/lib/schemas/subscriptions";
import { fetchPlanDetails, usePlans } from "@/lib/subscriptions/use-subscriptions";
import { DialogError } from "./dialog-error";
import { PlanGrid } from "./plan-grid";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

type PlanPageSize = (typeof PLAN_PAGE_SIZES)[number];
type TextFilters = { search: string; planId: string };
type PlanView = TextFilters & { page: number; size: PlanPageSize; status: PlanStatus | "" };

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
  // What is typed in the two text filters; the query follows once typing pauses.
  const [draft, setDraft] = useState<TextFilters>({ search: "", planId: "" });
  const [view, setView] = useState<PlanView>({
    page: 1,
    size: 10,
    search: "",
    planId: "",
    status: "",
  });
  const [selected, setSelected] = useState<ReadonlyMap<string, Plan>>(new Map());

  // A filter runs from the first page, once typing pauses.
  const applyDraft = useCallback(
    () =>
      setView((v) => {
        const search = draft.search.trim();
        const planId = draft.planId.trim();
        return v.search === search && v.planId === planId ? v : { ...v, page: 1, search, planId };
      }),
    [draft],
  );
  useEffect(() => {
    const timer = setTimeout(applyDraft, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [applyDraft]);
  // Enter filters at once, without waiting for the pause.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    applyDraft();
  };

  const query: PlanQuery = {
    page: view.page,
    size: view.size,
    sort: "name.asc",
    search: view.search || undefined,
    planId: view.planId || undefined,
    status: view.status || undefined,
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
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Labelled label={t("addPlan.search")}>
            {(id) => (
              <Input
                id={id}
                type="search"
                autoComplete="off"
                value={draft.search}
                disabled={entry.pending}
                onKeyDown={onEnter}
                onChange={(event) => setDraft((d) => ({ ...d, search: event.target.value }))}
                autoFocus
              />
            )}
          </Labelled>
          <Labelled label={t("addPlan.filterId")}>
            {(id) => (
              <Input
                id={id}
                type="search"
                autoComplete="off"
                spellCheck={false}
                value={draft.planId}
                disabled={entry.pending}
                onKeyDown={onEnter}
                onChange={(event) => setDraft((d) => ({ ...d, planId: event.target.value }))}
              />
            )}
          </Labelled>
          <Labelled label={t("addPlan.status")}>
            {(id) => (
              <Select
                id={id}
                value={view.status}
                disabled={entry.pending}
                onChange={(event) => {
                  const status = event.target.value as PlanStatus | "";
                  setView((v) => ({ ...v, page: 1, status }));
                }}
              >
                <option value="">{t("addPlan.anyStatus")}</option>
                {PLAN_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`addPlan.statuses.${status}`)}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
        </div>
        <DialogError message={state === "error" ? t("addPlan.error.fetching") : null} />
        {state === "error" ? (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            loading={plans.isFetching}
            onClick={() => void plans.refetch()}
          >
            {t("retry")}
          </Button>
        ) : null}
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

/** A filter control under its visible label. */
function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-foreground text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
