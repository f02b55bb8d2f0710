import { loadStackedDialog } from "./load-stacked-dialog";

/**
 * Starts loading a dialog's code (its frame and its body) on a pointer or focus near the button
 * that opens it, so it opens without a wait. It needs only `load`, so any kind fits without
 * inferring its data and result types (a union of kinds, as a feature's list of its dialogs is, has
 * no single pair to infer, and TypeScript's pick depended on the order it met the types in).
 */
export function preloadDialog(kind: { load: () => Promise<unknown> }): void {
  void loadStackedDialog();
  void kind.load().catch(() => undefined);
}
