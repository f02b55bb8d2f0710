"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DialogFooter, PendingAnnouncement } from "./dialog-frame";
import type { DialogBodyProps } from "./dialog-body";

/** The alert's OK, or the confirmation's CANCEL and OK; the message is the frame's description. */
export function MessageDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<"alert"> | DialogBodyProps<"confirmation">) {
  const t = useTranslations("common");
  return (
    <DialogFooter>
      <PendingAnnouncement pending={entry.pending} text={t("shell.loading")} />
      {entry.type === "confirmation" ? (
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
