import type { DialogType } from "@/lib/dialogs";

/**
 * Starts loading a dialog's code on a pointer or focus near the button that opens it. The table
 * of dialog bodies (dialog-bodies.tsx) loads with it, not with the page.
 */
export function preloadDialog(type: DialogType): void {
  void import("./dialog-bodies").then((m) => m.preloadDialog(type));
}
