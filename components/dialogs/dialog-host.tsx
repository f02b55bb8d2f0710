"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { XIcon } from "@/components/ui/icons";
import { useDialogs, type DialogAction, type DialogEntry } from "@/lib/dialogs";

const EMPTY: readonly DialogEntry[] = [];

/** Renders the dialog stack; the front of the stack (index 0) is mounted last, so it sits on top. */
export function DialogHost() {
  const store = useDialogs();
  const stack = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY);
  return (
    <>
      {[...stack].reverse().map((entry) => (
        <StackedDialog
          key={entry.id}
          entry={entry}
          onAction={(action) => void store.close(entry.id, action)}
        />
      ))}
    </>
  );
}

function StackedDialog({
  entry,
  onAction,
}: {
  entry: DialogEntry;
  onAction: (action: DialogAction) => void;
}) {
  const t = useTranslations("common");
  const title = entry.title ?? (entry.type === "alert" ? t("dialogs.error") : t("dialogs.confirm"));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onAction("cancel"))}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-dialog animate-fade-in bg-overlay fixed inset-0" />
        <Dialog.Content
          {...(entry.message ? {} : { "aria-describedby": undefined })}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="z-dialog max-w-dialog animate-dialog-in border-border bg-background fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl border shadow-2xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <Dialog.Title className="text-foreground pt-1.5 text-lg font-semibold">
              {title}
            </Dialog.Title>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("dialogs.close")}
              disabled={entry.pending}
              onClick={() => onAction("cancel")}
              className="-mr-2"
            >
              <XIcon />
            </Button>
          </div>
          {entry.message ? (
            <Dialog.Description asChild>
              <div className="text-muted-foreground px-6 pt-2 text-sm leading-6">
                {entry.message}
              </div>
            </Dialog.Description>
          ) : null}
          <div className="flex flex-col-reverse gap-2 px-6 pt-6 pb-5 sm:flex-row sm:justify-end">
            {entry.type === "confirmation" ? (
              <Button
                variant="secondary"
                disabled={entry.pending}
                onClick={() => onAction("cancel")}
              >
                {entry.cancelLabel ?? t("dialogs.cancel")}
              </Button>
            ) : null}
            <Button loading={entry.pending} onClick={() => onAction("okay")}>
              {entry.okLabel ?? t("dialogs.ok")}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
