"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { XIcon } from "@/components/ui/icons/x";

export type DialogWidth = "narrow" | "wide";

const WIDTHS: Record<DialogWidth, string> = { narrow: "max-w-lg", wide: "max-w-dialog" };

/** The shell every stacked dialog shares: overlay, title, close icon, optional description. */
export function DialogFrame({
  title,
  description,
  pending,
  width = "wide",
  onCancel,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** While the dialog's handler runs, the close icon is disabled (the stack ignores it anyway). */
  pending: boolean;
  width?: DialogWidth;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  // Stacked dialogs have no Radix trigger, so Radix would drop focus on close; it goes back to
  // whatever had it when the dialog opened (the button that opened it, or the dialog below).
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  // When the dialog's action removed its opener (paying clears the selection and its bar), focus
  // goes to the part of the page the opener belonged to, not to the document's start.
  const [fallback] = useState(() => opener?.closest<HTMLElement>("[data-focus-fallback]") ?? null);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="z-dialog animate-fade-in bg-overlay fixed inset-0" />
        <Dialog.Content
          {...(description ? {} : { "aria-describedby": undefined })}
          onPointerDownOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener?.isConnected) opener.focus();
            else if (fallback?.isConnected) fallback.focus();
          }}
          className={cn(
            "z-dialog animate-dialog-in border-border bg-background fixed top-1/2 left-1/2 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl border shadow-2xl focus:outline-none",
            WIDTHS[width],
          )}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5">
            <Dialog.Title className="text-foreground pt-1.5 text-lg font-semibold">
              {title}
            </Dialog.Title>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("dialogs.close")}
              disabled={pending}
              onClick={onCancel}
              className="-me-2"
            >
              <XIcon />
            </Button>
          </div>
          {description ? (
            <Dialog.Description asChild>
              <div className="text-muted-foreground px-6 pt-2 text-sm leading-6">{description}</div>
            </Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog; stacked on narrow screens, primary last. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-2 px-6 pt-6 pb-5 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}

/** Announces a dialog's running handler to screen readers; the live region exists before the text arrives. */
export function PendingAnnouncement({ pending, text }: { pending: boolean; text: string }) {
  return (
    <p role="status" className="sr-only">
      {pending ? text : ""}
    </p>
  );
}
