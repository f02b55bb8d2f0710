"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { RadioGroup } from "@/components/ui/radio-group";
import { askConfirmation } from "@/components/dialogs/dialogs";
import { toastSuccess } from "@/components/feedback/toaster";
import { useFormatters } from "@/components/format/formatted-texts";
import { useDialogs, type DialogBodyProps } from "@/lib/dialogs";
import { exportDefaults } from "@/lib/schemas/lists";
import type { ExportChoice, ExportDialogData } from "./dialogs";

/**
 * The export dialog's body (spec 001 §2): which records and which format, filtered data as XLSX
 * by default. All data is confirmed first ('Do you want to export all records?'); the stack keeps
 * the dialog open, its buttons disabled, until the export has started.
 */
export function ExportDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<ExportDialogData, ExportChoice>) {
  const t = useTranslations("lists");
  const dialogs = useDialogs();
  const [choice, setChoice] = useState<ExportChoice>(exportDefaults);
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const format = useFormatters();
  const busy = entry.pending || asking || downloading !== null;
  const downloadingText = t("export.downloading", {
    size: format.number(Math.round((downloading ?? 0) / 104_857.6) / 10),
  });

  /** All data is confirmed first, whichever way the file goes. */
  const confirmed = async () => {
    if (choice.preference !== "all_data") return true;
    setAsking(true);
    const yes = await askConfirmation(dialogs, {
      message: t("export.allDataQuestion"),
      okLabel: t("export.allDataConfirm"),
      cancelLabel: t("export.decline"),
    });
    setAsking(false);
    return yes;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (await confirmed()) onOkay(choice);
  };

  const { download } = entry.data;
  const downloadNow = async () => {
    if (!download || busy || !(await confirmed())) return;
    setFailed(false);
    setDownloading(0);
    try {
      await download(choice, setDownloading);
      setDownloading(null);
      toastSuccess(t("export.downloaded"));
      onCancel();
    } catch {
      setDownloading(null);
      setFailed(true);
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-5 px-6 pt-5">
        <RadioGroup
          legend={t("export.rows")}
          value={choice.preference}
          onValueChange={(preference) => setChoice((c) => ({ ...c, preference }))}
          disabled={busy}
          autoFocus
          options={[
            {
              value: "filtered_data",
              label: t("export.filteredData"),
              description: t("export.filteredHint", { count: entry.data.filterCount }),
            },
            { value: "all_data", label: t("export.allData"), description: t("export.allHint") },
          ]}
        />
        <RadioGroup
          legend={t("export.format")}
          layout="row"
          value={choice.format}
          onValueChange={(format) => setChoice((c) => ({ ...c, format }))}
          disabled={busy}
          options={[
            { value: "xlsx", label: t("export.xlsx") },
            { value: "csv", label: t("export.csv") },
          ]}
        />
        {downloading !== null ? (
          <p aria-hidden="true" className="text-muted-foreground text-sm">
            <progress className="accent-primary me-2 h-2 w-20 align-middle" />
            {downloadingText}
          </p>
        ) : null}
        <div role="alert" className={failed ? undefined : "sr-only"}>
          {failed ? (
            <p className="text-danger text-sm font-medium">{t("export.downloadFailed")}</p>
          ) : null}
        </div>
      </div>
      <DialogFooter>
        {/* One status region says both: the e-mailed export starting, the download's progress. */}
        <PendingAnnouncement
          pending={entry.pending || downloading !== null}
          text={downloading !== null ? downloadingText : t("export.pending")}
        />
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {entry.cancelLabel ?? t("export.decline")}
        </Button>
        {download ? (
          <Button
            variant="secondary"
            loading={downloading !== null}
            disabled={entry.pending}
            onClick={() => void downloadNow()}
          >
            {t("export.downloadNow")}
          </Button>
        ) : null}
        {/* Not disabled while the all-records question is up: it keeps focus for when that closes. */}
        <SubmitButton loading={entry.pending}>{entry.okLabel ?? t("export.confirm")}</SubmitButton>
      </DialogFooter>
    </form>
  );
}
