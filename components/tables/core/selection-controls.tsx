"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormatters } from "@/components/format/formatted-texts";
import { Button } from "@/components/ui/button";
import type { SelectionApi } from "./use-row-selection";

const BOX = "accent-primary size-4 cursor-pointer align-middle";

/** A row's checkbox: Space or a click ticks it, Shift with either ticks the range from the last one. */
export function RowCheckbox({
  api,
  id,
  className,
}: {
  api: SelectionApi;
  id: string;
  className?: string;
}) {
  const t = useTranslations("lists.selection");
  return (
    <input
      type="checkbox"
      className={className ? `${BOX} ${className}` : BOX}
      aria-label={t("row", { id })}
      checked={api.isSelected(id)}
      // The click (a press of Space too) carries Shift; the box is already toggled when it runs.
      onClick={(event) => api.toggleRow(id, event.currentTarget.checked, event.shiftKey)}
      onChange={() => undefined}
    />
  );
}

/** The header's checkbox: every row of this page, mixed when some are. */
export function PageCheckbox({ api }: { api: SelectionApi }) {
  const t = useTranslations("lists.selection");
  return (
    <input
      type="checkbox"
      className={BOX}
      aria-label={t("page")}
      checked={api.pageState === "all"}
      ref={(box) => {
        if (box) box.indeterminate = api.pageState === "some";
      }}
      onChange={(event) => api.togglePage(event.currentTarget.checked)}
    />
  );
}

/**
 * Above the rows while any is selected: how many, "select all N" beyond this page, clear, and the
 * list's own actions. The count is also said by a status region that is always there, so screen
 * readers hear it change.
 */
export function SelectionBar({ api, children }: { api: SelectionApi; children?: ReactNode }) {
  const t = useTranslations("lists.selection");
  const format = useFormatters();
  const counted = t("count", { count: api.count, shown: format.number(api.count) });
  const canSelectAll =
    api.selection.mode === "some" && api.pageState === "all" && api.total > api.count;
  return (
    <>
      <p role="status" className="sr-only">
        {api.count > 0 ? counted : ""}
      </p>
      {api.count > 0 ? (
        <div
          role="group"
          aria-label={t("label")}
          className="border-primary/30 bg-primary/5 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border px-4 py-2.5"
        >
          <p aria-hidden="true" className="text-foreground text-sm font-semibold">
            {counted}
          </p>
          {canSelectAll ? (
            <Button variant="link" onClick={api.selectAllMatching}>
              {t("selectAll", { count: api.total, shown: format.number(api.total) })}
            </Button>
          ) : null}
          <Button variant="link" onClick={api.clear}>
            {t("clear")}
          </Button>
          <div className="ms-auto flex flex-wrap items-center gap-2">{children}</div>
        </div>
      ) : null}
    </>
  );
}
