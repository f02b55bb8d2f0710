"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { useDialogs, type DialogEntry } from "@/lib/dialogs";
import { loadStackedDialog } from "./load-stacked-dialog";

const EMPTY: readonly DialogEntry[] = [];
const StackedDialog = lazy(loadStackedDialog);

/**
 * Renders the dialog stack; the front of the stack (index 0) is mounted last, so it sits on top.
 * The frame (Radix Dialog) loads with the first dialog, not with the page.
 */
export function DialogHost() {
  const store = useDialogs();
  const stack = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY);
  if (stack.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {[...stack].reverse().map((entry) => (
        <StackedDialog
          key={entry.id}
          entry={entry}
          onAction={(action, result) => void store.close(entry.id, action, result)}
          onRetitle={(title) => store.retitle(entry.id, title)}
        />
      ))}
    </Suspense>
  );
}
