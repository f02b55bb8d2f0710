"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";

/** Toasts close by themselves after 5 s and show no progress bar (spec 000 §9). */
export const TOAST_DURATION_MS = 5000;

/** Per-toast options; a toast without them closes after TOAST_DURATION_MS. */
export type ToastOptions = {
  /** How long this toast stays (spec 001 §8 gives some messages 3 s). */
  durationMs?: number;
};

/** One toast to show: its variant, its (already translated) text and options. */
export type ToastRequest = { variant: "error" | "success"; message: string; options: ToastOptions };

// Sonner loads with the first toast, not with the page: most visits show none. Until it has
// loaded, requests wait in a queue; the loaded toaster takes them over (attachToaster).
let show: ((request: ToastRequest) => void) | null = null;
let queue: ToastRequest[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function request(toast: ToastRequest) {
  if (show) return show(toast);
  queue.push(toast);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** The loaded toaster hands over its `show`; it receives the toasts queued meanwhile. */
export function attachToaster(fn: (request: ToastRequest) => void): () => void {
  show = fn;
  const pending = queue;
  queue = [];
  for (const toast of pending) fn(toast);
  return () => {
    if (show === fn) show = null;
  };
}

/** An error toast headed 'Error' (dialogs.error) with a red icon. `message` is already translated. */
export function toastError(message: string, options: ToastOptions = {}) {
  request({ variant: "error", message, options });
}

/** A success toast headed 'Success' (toast.success) with a green icon. `message` is already translated. */
export function toastSuccess(message: string, options: ToastOptions = {}) {
  request({ variant: "success", message, options });
}

const SonnerToaster = lazy(() => import("./sonner-toaster"));

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast area: mounts (and loads) the toaster when the first toast is asked for. */
export function Toaster() {
  const load = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return load ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
