"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { ListId } from "@/lib/lists/definitions";
import type { ListColumn } from "@/lib/schemas/lists";

// Column visibility lives in the browser session, per table and customer (spec 001 §9): a new tab
// or a new sign-in starts from the company's defaults. The server renders the defaults; the
// browser applies the stored choice right after hydration.

const CHANGE_EVENT = "billing-portal:column-visibility";

function storageKey(list: ListId, customerId: string): string {
  return `billing-portal:columns:${list}:${customerId}`;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function readStored(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseStored(raw: string | null): Record<string, boolean> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((e): e is [string, boolean] => typeof e[1] === "boolean"),
    );
  } catch {
    return {};
  }
}

/** The company's defaults (column_enabled) overlaid with the session's choices; required columns always show. */
export function visibilityState(
  columns: readonly ListColumn[],
  stored: Readonly<Record<string, boolean>>,
): Record<string, boolean> {
  const state: Record<string, boolean> = {};
  for (const c of columns) state[c.id] = c.required ? true : (stored[c.id] ?? c.visible);
  return state;
}

/** Which columns show, and a setter that keeps the choice for this browser session. */
export function useColumnVisibility(
  list: ListId,
  customerId: string,
  columns: readonly ListColumn[],
): [Record<string, boolean>, (next: Record<string, boolean>) => void] {
  const key = storageKey(list, customerId);
  const raw = useSyncExternalStore(
    subscribe,
    () => readStored(key),
    () => null,
  );
  const state = useMemo(() => visibilityState(columns, parseStored(raw)), [columns, raw]);
  const set = useCallback(
    (next: Record<string, boolean>) => {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(visibilityState(columns, next)));
      } catch {
        // Storage disabled or full: the columns stay as they are; nothing else depends on it.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [columns, key],
  );
  return [state, set];
}
