import type { ComponentType } from "react";
import type { DialogEntryOf, DialogType, DialogTypeMap } from "@/lib/dialogs";

/** What the host hands a dialog type's body: its entry, and the two ways to close it. */
export type DialogBodyProps<T extends DialogType> = {
  entry: DialogEntryOf<T>;
  /** OKAY with the body's result; the stack runs `onOkay` and closes when it allows. */
  onOkay: (result: DialogTypeMap[T]["result"]) => void;
  onCancel: () => void;
};

export type DialogBody<T extends DialogType> = ComponentType<DialogBodyProps<T>>;
