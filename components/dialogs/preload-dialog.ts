import type { DialogKind } from "@/lib/dialogs";
import { loadStackedDialog } from "./load-stacked-dialog";

/**
 * Starts loading a dialog's code (its frame and its body) on a pointer or focus near the button
 * that opens it, so it opens without a wait.
 */
export function preloadDialog<D, R>(kind: DialogKind<D, R>): void {
  void loadStackedDialog();
  void kind.load().catch(() => undefined);
}
