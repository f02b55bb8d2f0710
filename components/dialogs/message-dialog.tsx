"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { DialogBodyProps } from "@/lib/dialogs";
import { DialogFooter, PendingAnnouncement } from "./dialog-frame";

/** The alert's OK, or the confirmation's CANCEL and OK; the message is the frame's description. */
export function MessageDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<undefined, undefined>) {
  const t = useTranslations("common");
  return (
    <DialogFooter>
      <PendingAnnouncement pending={entry.pending} text={t("shell.loading")} />
      {entry.kind.name === "confirmation" ? (
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {entry.cancelLabel ?? t("dialogs.cancel")}
        </Button>
      ) : null}
      <Button loading={entry.pending} onClick={() => onOkay(undefined)}>
        {entry.okLabel ?? t("dialogs.ok")}
      </Button>
    </DialogFooter>
  );
}
