"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { ApiError } from "@/lib/api-client";
import type {
  ExportRequest,
  LayoutChange,
  ListColumn,
  ListId,
  TableConfig,
} from "@/lib/schemas/lists";
import { saveLayout, startExport } from "./bff";
import { saveLayoutKeepalive } from "./layout-keepalive";
import type { ListView } from "./params";
import { EMPTY_TABLE_CONFIG, listKeys, type ListConfigData } from "./queries";

// The dashboard lists' changes (spec 001 §2, §8). No toasts here: the UI picks the messages.

/** Starts an export by e-mail of a list's view; nothing cached changes, and its dialog shows the wait. */
export function useStartExportMutation() {
  return useMutation<void, ApiError, { list: ListId; view: ListView; request: ExportRequest }>({
    mutationFn: ({ list, view, request }) => startExport(list, view, request),
    meta: { coversPage: false },
  });
}

/** The saved layout once a change is applied: widths merge into the saved ones, as the API does. */
function withChange(config: TableConfig, change: LayoutChange): TableConfig {
  switch (change.kind) {
    case "widths":
      return { ...config, widths: { ...config.widths, ...change.widths } };
    case "order":
      return { ...config, order: change.order };
    case "sort":
      return { ...config, sort: change.sort };
  }
}

type LayoutSave = {
  change: LayoutChange;
  /** While the page may be going away (lib/lists/layout-keepalive.ts). */
  keepalive: boolean;
  shown: TableConfig;
  before: TableConfig;
};

/**
 * Saves a change of the user's layout of a list (order, widths, sort). The configuration cache
 * shows it at once, before the request (a dropped column or a resized one must not jump back
 * while the save is out), and gets the field back when the save fails, unless a newer change of
 * that field has replaced it meanwhile. Resolves when saved; rejects when refused.
 */
export function useSaveLayoutMutation(
  list: ListId,
  customerId: string,
  columns: readonly ListColumn[],
) {
  const client = useQueryClient();
  const key = useMemo(() => listKeys.config(list, customerId), [list, customerId]);

  const show = useCallback(
    (tableConfig: TableConfig) => {
      const current = client.getQueryData<ListConfigData>(key);
      client.setQueryData<ListConfigData>(key, {
        columns: current?.columns ?? [...columns],
        customFields: current?.customFields ?? [],
        tableConfig,
      });
    },
    [client, key, columns],
  );

  const { mutateAsync } = useMutation<void, ApiError, LayoutSave>({
    mutationFn: ({ change, keepalive }) =>
      (keepalive ? saveLayoutKeepalive : saveLayout)(list, change),
    meta: { coversPage: false },
    onSuccess: (_saved, { change }) => {
      // Pages fetched without a sort in the URL followed the old saved sort.
      if (change.kind === "sort")
        client.removeQueries({ queryKey: listKeys.pages(list, customerId), type: "inactive" });
    },
    onError: (_error, { change, shown, before }) => {
      const field = change.kind;
      const current = client.getQueryData<ListConfigData>(key)?.tableConfig;
      // Compared by value: the cache shares structure.
      if (current && JSON.stringify(current[field]) === JSON.stringify(shown[field]))
        show({ ...current, [field]: before[field] } as TableConfig);
    },
  });

  return useCallback(
    (change: LayoutChange, options: { keepalive?: boolean } = {}): Promise<void> => {
      const before = client.getQueryData<ListConfigData>(key)?.tableConfig ?? EMPTY_TABLE_CONFIG;
      const shown = withChange(before, change);
      show(shown);
      return mutateAsync({ change, keepalive: options.keepalive ?? false, shown, before });
    },
    [client, key, show, mutateAsync],
  );
}
