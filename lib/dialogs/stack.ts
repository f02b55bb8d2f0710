import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

// The page's dialog stack (spec 000 "Global dialogs"), generic: it knows no dialog. A feature
// defines its dialogs as kinds (`defineDialog`: the body's code, loaded on first open, and a
// width) beside their bodies, and shows them with `show({ kind, data, ... })`; the host renders
// whatever kind is on the stack. Nothing here imports a component.

export type DialogWidth = "narrow" | "wide";

/** What the host hands a dialog's body: its entry, the two ways to close it, and a new title. */
export type DialogBodyProps<D, R> = {
  entry: DialogEntry<D, R>;
  /** OKAY with the body's result; the stack runs `onOkay` and closes when it allows. */
  onOkay: (result: R) => void;
  onCancel: () => void;
  /** Renames the dialog, for a flow's next step (Change Subscription → Change Preview). */
  setTitle: (title: string) => void;
};

/** A kind of dialog: `D` is what its body shows (`data`), `R` what its OKAY hands to `onOkay`. */
export type DialogKind<D, R> = {
  /** Names the kind in tests; the message body tells a confirmation from an alert by it. */
  readonly name: string;
  readonly width: DialogWidth;
  /** A key of namespace `common` for the title when the config gives none. */
  readonly defaultTitleKey?: string;
  /** The body's code: loaded once, on first open or on preload; a failed load is tried again. */
  readonly load: () => Promise<ComponentType<DialogBodyProps<D, R>>>;
  /** The body as a lazy component, made once per kind, so a body keeps its state across renders. */
  readonly Body: LazyExoticComponent<ComponentType<DialogBodyProps<D, R>>>;
};

/** Defines a kind of dialog; its body's code loads on first use. `D`, `R` default to none. */
export function defineDialog<D = undefined, R = undefined>(
  kind: Omit<DialogKind<D, R>, "Body">,
): DialogKind<D, R> {
  let loading: Promise<ComponentType<DialogBodyProps<D, R>>> | null = null;
  const load = () =>
    (loading ??= kind.load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return { ...kind, load, Body: lazy(async () => ({ default: await load() })) };
}

/** Runs on CANCEL; a returned promise keeps the dialog open until it resolves truthy. */
export type DialogHandler = () => unknown;

/** What `show` takes: the kind, texts, handlers and, when the kind has one, its data. */
export type DialogConfig<D, R> = {
  kind: DialogKind<D, R>;
  /** Already translated; else the kind's default title, else 'dialogs.confirm'. */
  title?: string;
  message?: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  /** Gets the body's result; a returned promise keeps the dialog open until it resolves truthy. */
  onOkay?: (result: R) => unknown;
  onCancel?: DialogHandler;
} & ([D] extends [undefined] ? { data?: undefined } : { data: D });

/** A dialog on the stack. The stack holds entries of every kind as `DialogEntry<unknown, unknown>`. */
export type DialogEntry<D = unknown, R = unknown> = DialogConfig<D, R> & {
  id: string;
  pending: boolean;
};
export type DialogAction = "okay" | "cancel";

/** Thrown when a dialog is shown without a config or without a kind. */
export class DialogConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DialogConfigError";
  }
}

/** Checks a config before it is shown. */
export function assertDialogConfig(
  config: unknown,
): asserts config is DialogConfig<unknown, unknown> {
  if (config === null || typeof config !== "object")
    throw new DialogConfigError("a dialog needs a config");
  const kind = (config as { kind?: unknown }).kind as
    Partial<DialogKind<unknown, unknown>> | undefined;
  if (!kind || typeof kind.load !== "function" || typeof kind.name !== "string" || !kind.Body)
    throw new DialogConfigError("a dialog needs a kind (defineDialog)");
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
    show<D, R>(config: DialogConfig<D, R>): string {
      counter += 1;
      const id = `dialog-${counter}`;
      set(pushDialog(stack, config, id));
      return id;
    },
    /**
     * OKAY (with the body's result) or CANCEL: runs the handler and closes when it allows;
     * resolves to whether it closed. Ignored while the dialog's handler is still running.
     */
    async close(id: string, action: DialogAction, result?: unknown): Promise<boolean> {
      const entry = stack.find((e) => e.id === id);
      if (!entry || entry.pending) return false;
      // The body of `entry.kind` produced `result`, so it is that kind's result.
      const onOkay = entry.onOkay;
      const outcome = runDialogHandler(
        action === "okay" ? onOkay && (() => onOkay(result)) : entry.onCancel,
      );
      if (typeof outcome === "boolean") {
        if (outcome) set(removeDialog(stack, id));
        return outcome;
      }
      set(setPending(stack, id, true));
      const allowed = await outcome;
      set(allowed ? removeDialog(stack, id) : setPending(stack, id, false));
      return allowed;
    },
    /** Renames dialog `id` (a flow's next step). */
    retitle(id: string, title: string): void {
      if (stack.some((e) => e.id === id && e.title !== title))
        set(stack.map((e) => (e.id === id ? { ...e, title } : e)));
    },
    /** Removes every dialog without running handlers (e.g. on sign-out). */
    clear(): void {
      set([]);
    },
  };
}

export type DialogStore = ReturnType<typeof createDialogStore>;
