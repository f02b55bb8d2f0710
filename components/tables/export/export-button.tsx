"use client";

import { useTranslations } from "next-intl";
import { preloadDialog } from "@/components/dialogs/preload-dialog";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { usePress } from "@/components/forms/use-press";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useDialogs } from "@/lib/dialogs";
import { exportDialog, type ExportChoice } from "./dialogs";
import type { ListId, Sort } from "@/lib/lists/definitions";
import { exportDownloadPath } from "@/lib/lists/bff";
import { useStartExportMutation } from "@/lib/lists/mutations";
import type { ListView } from "@/lib/lists/params";
import { DownloadIcon } from "@/components/ui/icons/download";
import { useDocumentOperations } from "@/components/documents/operations";

export type ExportButtonProps = {
  list: ListId;
  view: ListView;
  /** Column ids hidden in the table: left out of the file. */
  hiddenColumns: readonly string[];
  /** The sort the table shows (the view's, or the saved or default one). */
  sort: Sort | null;
};

/** Opens the export dialog of a list; the file goes out with the filters, columns and sort the table shows. */
export function ExportButton({ list, view, hiddenColumns, sort }: ExportButtonProps) {
  const t = useTranslations("lists");
  const dialogs = useDialogs();
  const translate = useKeyTranslator();
  const { exportDownloads } = useDocumentOperations();

  const exporting = usePress(useStartExportMutation(), {
    onSuccess: () => toastSuccess(t("export.success")),
    onError: (error) => {
      // The server's own message when it has one; else the list's export error.
      const specific = error instanceof ApiError && error.message !== "errors.generic";
      toastError(specific ? translate.error(error) : t("export.error"));
    },
  });

  // Resolves true only once the export has started, so the dialog stays open (and a second
  // click is ignored) while it is asked for, and stays open for another try when it fails.
  const exportWith = (choice: ExportChoice): Promise<boolean> =>
    exporting.run({
      list,
      view,
      request: { ...choice, excludedColumns: [...hiddenColumns], sort },
    });

  const open = () =>
    dialogs.show({
      kind: exportDialog,
      title: t("export.title", { list: t(`names.${list}`) }),
      message: t("export.description"),
      data: {
        filterCount: view.filters.length,
        download: exportDownloads
          ? async (choice, onProgress) => {
              const { downloadFile } = await import("@/lib/documents/download");
              await downloadFile(
                exportDownloadPath(list, view),
                { ...choice, excludedColumns: [...hiddenColumns], sort },
                `${list}.${choice.format}`,
                onProgress,
              );
            }
          : undefined,
      },
      onOkay: exportWith,
    });

  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={open}
      onPointerEnter={() => preloadDialog(exportDialog)}
      onFocus={() => preloadDialog(exportDialog)}
    >
      <DownloadIcon className="size-4" />
      {t("export.button")}
    </Button>
  );
}
