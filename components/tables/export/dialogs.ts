import { defineDialog } from "@/lib/dialogs";
import type { ExportRequest } from "@/lib/schemas/lists";

/** What the export dialog's OKAY hands back: which rows and which file format. */
export type ExportChoice = Pick<ExportRequest, "preference" | "format">;

/** What the export dialog shows besides its choices. */
export type ExportDialogData = {
  /** How many filters the table shows now; "filtered data" exports exactly those. */
  filterCount: number;
  /**
   * "Download now": the same file, streamed to the browser at once; reports the bytes received.
   * Resolves once the file is saved. Absent where the billing API offers no such download.
   */
  download?: (choice: ExportChoice, onProgress: (bytes: number) => void) => Promise<void>;
};

/** The export dialog (spec 001 §2); its body loads on first use. */
export const exportDialog = defineDialog<ExportDialogData, ExportChoice>({
  name: "export",
  width: "narrow",
  load: () => import("./export-dialog").then((m) => m.ExportDialogBody),
});
