import type { ReactNode } from "react";
import type { AddPaymentDialogData, AddPaymentDialogResult } from "@/lib/account/providers";
import type {
  AddPlanData,
  CancelSubscriptionData,
  ChangePreviewData,
  ChangeSubscriptionData,
  DialogWork,
  ReactivateSubscriptionData,
  UpgradeDowngradeData,
} from "@/components/subscriptions/dialogs/types";
import type { ExportRequest } from "@/lib/schemas/list-actions";

/** What the export dialog's OKAY hands back: which rows and which file format. */
export type ExportChoice = Pick<ExportRequest, "preference" | "format">;

/** What the export dialog shows besides its choices. */
export type ExportDialogData = {
  /** How many filters the table shows now; "filtered data" exports exactly those. */
  filterCount: number;
};

/**
 * Each dialog type's `data` (what its body shows) and `result` (what its OKAY hands to `onOkay`).
 * A new type (change password, add payment method, the subscriptions' dialogs) adds a row here,
 * its entry to `KNOWN_TYPES`, and a lazily loaded body in components/dialogs/dialog-bodies.tsx.
 */
export type DialogTypeMap = {
  alert: { data: undefined; result: undefined };
  confirmation: { data: undefined; result: undefined };
  export: { data: ExportDialogData; result: ExportChoice };
  changePassword: { data: undefined; result: undefined };
  addPaymentMethod: { data: AddPaymentDialogData; result: AddPaymentDialogResult };
  changeSubscription: { data: ChangeSubscriptionData; result: DialogWork };
  changePreview: { data: ChangePreviewData; result: DialogWork };
  cancelSubscription: { data: CancelSubscriptionData; result: DialogWork };
  reactivateSubscription: { data: ReactivateSubscriptionData; result: DialogWork };
  addPlan: { data: AddPlanData; result: DialogWork };
  upgradeDowngrade: { data: UpgradeDowngradeData; result: undefined };
};
export type DialogType = keyof DialogTypeMap;

// Keyed by every type, so a type added to the map and forgotten here fails to compile; `data`
// says whether its config must carry data for the body.
const KNOWN_TYPES: Readonly<Record<DialogType, { data: boolean }>> = {
  alert: { data: false },
  confirmation: { data: false },
  export: { data: true },
  changePassword: { data: false },
  addPaymentMethod: { data: true },
  changeSubscription: { data: true },
  changePreview: { data: true },
  cancelSubscription: { data: true },
  reactivateSubscription: { data: true },
  addPlan: { data: true },
  upgradeDowngrade: { data: true },
};

/** The dialog types the host can render (spec 000 "Global dialogs"; more arrive with later screens). */
export const dialogTypes = Object.keys(KNOWN_TYPES) as readonly DialogType[];

/** Runs on CANCEL; a returned promise keeps the dialog open until it resolves truthy. */
export type DialogHandler = () => unknown;

/** The config of one dialog type. */
export type DialogConfigOf<T extends DialogType> = {
  type: T;
  /** Already translated; an alert defaults to 'dialogs.error', a confirmation to 'dialogs.confirm'. */
  title?: string;
  message?: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  /** Gets the body's result (the export dialog's choice); a returned promise keeps the dialog open until it resolves truthy. */
  onOkay?: (result: DialogTypeMap[T]["result"]) => unknown;
  onCancel?: DialogHandler;
} & (DialogTypeMap[T]["data"] extends undefined
  ? { data?: undefined }
  : { data: DialogTypeMap[T]["data"] });

/** Any dialog's config, discriminated by `type`. */
export type DialogConfig = { [T in DialogType]: DialogConfigOf<T> }[DialogType];

export type DialogEntry = DialogConfig & { id: string; pending: boolean };
/** The entry of one dialog type, as its body receives it. */
export type DialogEntryOf<T extends DialogType> = DialogConfigOf<T> & {
  id: string;
  pending: boolean;
};
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
  if (typeof type !== "string" || !Object.hasOwn(KNOWN_TYPES, type)) {
    throw new DialogConfigError(`unknown dialog type: ${String(type)}`);
  }
  const data = (config as { data?: unknown }).data;
  if (KNOWN_TYPES[type as DialogType].data && (data === null || typeof data !== "object"))
    throw new DialogConfigError(`the ${type} dialog needs its data`);
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
    /**
     * OKAY (with the body's result) or CANCEL: runs the handler and closes when it allows;
     * resolves to whether it closed. Ignored while the dialog's handler is still running.
     */
    async close(id: string, action: DialogAction, result?: unknown): Promise<boolean> {
      const entry = stack.find((e) => e.id === id);
      if (!entry || entry.pending) return false;
      // The body of `entry.type` produced `result`, so it is that type's result.
      const onOkay = entry.onOkay as ((value: unknown) => unknown) | undefined;
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
    /** Removes every dialog without running handlers (e.g. on sign-out). */
    clear(): void {
      set([]);
    },
  };
}

export type DialogStore = ReturnType<typeof createDialogStore>;
