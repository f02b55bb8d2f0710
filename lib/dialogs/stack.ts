import type { ReactNode } from "react";

/** The dialog types the host can render (spec 000 "Global dialogs"; more arrive with later screens). */
export const dialogTypes = ["alert", "confirmation"] as const;
export type DialogType = (typeof dialogTypes)[number];

/** Runs on OKAY or CANCEL; a returned promise keeps the dialog open until it resolves truthy. */
export type DialogHandler = () => unknown;

export type DialogConfig = {
  type: DialogType;
  /** Already translated; an alert defaults to 'dialogs.error', a confirmation to 'dialogs.confirm'. */
  title?: string;
  message?: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  onOkay?: DialogHandler;
  onCancel?: DialogHandler;
};

export type DialogEntry = DialogConfig & { id: string; pending: boolean };
export type DialogAction = "okay" | "cancel";

/** Thrown when a dialog is shown without a config or with a type the host does not know. */
export class DialogConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DialogConfigError";
  }
}

/** Checks a config before it is shown. */
export function assertDialogConfig(config: unknown): asserts config is DialogConfig {
  if (config === null || typeof config !== "object")
    throw new DialogConfigError("a dialog needs a config");
  const type = (config as { type?: unknown }).type;
  if (typeof type !== "string" || !(dialogTypes as readonly string[]).includes(type)) {
    throw new DialogConfigError(`unknown dialog type: ${String(type)}`);
  }
}

/** Adds a dialog at the front of the stack (index 0 is the one on top). */
export function pushDialog(
  stack: readonly DialogEntry[],
  config: unknown,
  id: string,
): DialogEntry[] {
  assertDialogConfig(config);
  return [{ ...config, id, pending: false }, ...stack];
}

/** The stack without the dialog `id`. */
export function removeDialog(stack: readonly DialogEntry[], id: string): DialogEntry[] {
  return stack.filter((entry) => entry.id !== id);
}

/** The stack with dialog `id` marked as waiting (or not) for its handler. */
export function setPending(
  stack: readonly DialogEntry[],
  id: string,
  pending: boolean,
): DialogEntry[] {
  return stack.map((entry) => (entry.id === id ? { ...entry, pending } : entry));
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * Runs a close handler and says whether the dialog may close: always after a plain handler,
 * only on a truthy resolution after a promise; a throw or a rejection keeps it open.
 */
export function runDialogHandler(handler: DialogHandler | undefined): boolean | Promise<boolean> {
  let result: unknown;
  try {
    result = handler?.();
  } catch {
    return false;
  }
  if (!isPromiseLike(result)) return true;
  return Promise.resolve(result).then(
    (value) => Boolean(value),
    () => false,
  );
}

type Listener = () => void;

/** An observable dialog stack for `useSyncExternalStore`, one per dialog host. */
export function createDialogStore() {
  let stack: DialogEntry[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const set = (next: DialogEntry[]) => {
    stack = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: (): readonly DialogEntry[] => stack,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Shows a dialog on top of the others; returns its id. Throws DialogConfigError on a bad config. */
    show(config: DialogConfig): string {
      counter += 1;
      const id = `dialog-${counter}`;
      set(pushDialog(stack, config, id));
      return id;
    },
    /** OKAY or CANCEL: runs the handler and closes when it allows; resolves to whether it closed. */
    async close(id: string, action: DialogAction): Promise<boolean> {
      const entry = stack.find((e) => e.id === id);
      if (!entry || entry.pending) return false;
      const outcome = runDialogHandler(action === "okay" ? entry.onOkay : entry.onCancel);
      if (typeof outcome === "boolean") {
        if (outcome) set(removeDialog(stack, id));
        return outcome;
      }
      set(setPending(stack, id, true));
      const allowed = await outcome;
      set(allowed ? removeDialog(stack, id) : setPending(stack, id, false));
      return allowed;
    },
    /** Removes every dialog without running handlers (e.g. on sign-out). */
    clear(): void {
      set([]);
    },
  };
}

export type DialogStore = ReturnType<typeof createDialogStore>;
