"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import type { ListId, Sort } from "@/lib/lists/definitions";
import { useSaveLayoutMutation } from "@/lib/lists/mutations";
import { EMPTY_TABLE_CONFIG, listKeys, type ListConfigData } from "@/lib/lists/queries";
import type { ListColumn, TableConfig } from "@/lib/schemas/lists";
import { applySavedOrder, changedWidths, sameOrder } from "./layout-order";

/** Width changes (drags, arrow keys) are saved once they have rested this long. */
export const WIDTH_SAVE_DELAY_MS = 600;

// Spec 001 §8's "column saved" message; brief, since one drag or sort can follow another.
const SAVED_TOAST_MS = 3000;

type TableLayout = {
  order: string[];
  widths: Record<string, number>;
  saved: TableConfig;
  saveOrder: (order: string[]) => void;
  /** Shows widths at once; saves them after WIDTH_SAVE_DELAY_MS without further change. */
  changeWidths: (widths: Record<string, number>) => void;
  saveSort: (sort: Sort) => void;
};

/**
 * The user's saved layout of a list (order, widths, sort) from the configuration cache, and its
 * changes (useSaveLayoutMutation: shown at once, put back when the save fails) with a "column
 * saved" toast, or a toast saying the save failed (spec 001 §8).
 */
export function useTableLayout(
  list: ListId,
  customerId: string,
  columns: readonly ListColumn[],
  config: ListConfigData | undefined,
): TableLayout {
  const client = useQueryClient();
  const t = useTranslations("lists.dashboard");
  const announceSaved = useCallback(
    () => toastSuccess(t("columnSaved"), { durationMs: SAVED_TOAST_MS }),
    [t],
  );
  const key = useMemo(() => listKeys.config(list, customerId), [list, customerId]);
  const saved = config?.tableConfig ?? EMPTY_TABLE_CONFIG;
  const order = useMemo(() => applySavedOrder(saved.order, columns), [saved.order, columns]);
  const [draftWidths, setDraftWidths] = useState<Record<string, number> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestDraft = useRef<Record<string, number> | null>(null);

  const save = useSaveLayoutMutation(list, customerId, columns);

  const saveOrder = useCallback(
    (next: string[]) => {
      if (sameOrder(next, order)) return;
      save({ kind: "order", order: next }).then(announceSaved, () =>
        toastError(t("columnOrderError")),
      );
    },
    [order, save, announceSaved, t],
  );

  /** Saves the widths waiting for the debounce now; `keepalive` when the page may be going away. */
  const flushWidths = useCallback(
    (options: { keepalive?: boolean } = {}) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const draft = latestDraft.current;
      latestDraft.current = null;
      if (!draft) return;
      const current = client.getQueryData<ListConfigData>(key)?.tableConfig?.widths ?? {};
      // The API merges widths into the saved ones: only the columns that changed travel.
      const changed = changedWidths(current, draft, columns);
      setDraftWidths(null);
      if (Object.keys(changed).length === 0) return;
      save({ kind: "widths", widths: changed }, options).then(announceSaved, () =>
        toastError(t("columnWidthError")),
      );
    },
    [client, columns, key, save, announceSaved, t],
  );

  const changeWidths = useCallback(
    (next: Record<string, number>) => {
      latestDraft.current = next;
      setDraftWidths(next);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flushWidths(), WIDTH_SAVE_DELAY_MS);
    },
    [flushWidths],
  );

  // Leaving the tab while a width waits to be saved still saves it.
  const flushRef = useRef(flushWidths);
  useEffect(() => {
    flushRef.current = flushWidths;
  }, [flushWidths]);
  useEffect(() => () => flushRef.current(), []);
  // A reload or a closed tab within the debounce would drop the timer with the page: save at once,
  // with keepalive so the request outlives the document. beforeunload comes before a reload's
  // request for the next page, so that page's server render already reads the new width
  // (pagehide only fires once the next page's answer arrives); pagehide and a hidden page cover
  // what beforeunload misses (back/forward cache, mobile browsers discarding background tabs).
  // No prompt: the handler never calls preventDefault.
  useEffect(() => {
    const flushNow = () => flushRef.current({ keepalive: true });
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") flushNow();
    };
    window.addEventListener("beforeunload", flushNow);
    window.addEventListener("pagehide", flushNow);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.removeEventListener("beforeunload", flushNow);
      window.removeEventListener("pagehide", flushNow);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, []);

  const saveSort = useCallback(
    (sort: Sort) => {
      save({ kind: "sort", sort }).then(announceSaved, () => toastError(t("sortError")));
    },
    [save, announceSaved, t],
  );

  return {
    order,
    widths: draftWidths ?? saved.widths,
    saved,
    saveOrder,
    changeWidths,
    saveSort,
  };
}
