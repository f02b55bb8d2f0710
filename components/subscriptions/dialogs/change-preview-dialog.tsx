"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, type FormEvent } from "react";
import type { DialogBodyProps } from "@/components/dialogs/dialog-body";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { Button } from "@/components/ui/button";
import { useSubscriptionMutations } from "@/lib/subscriptions/use-subscriptions";
import { previewRows } from "./preview-rows";
import { subscriptionName } from "./subscription-name";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

/**
 * Change Preview (spec 001 §3, §4): the prior, current and next invoices and the contract's
 * effective date; Confirm applies the change. Either way it closes; only a success tells the
 * caller, so a failed change stays pending in the tab.
 */
export function ChangePreviewDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<"changePreview">) {
  const t = useTranslations("subscriptionDialogs");
  const { error: errorText } = useKeyTranslator();
  const locale = useLocale();
  const { data } = entry;
  const { apply } = useSubscriptionMutations(data.customerId);
  const returnFocus = data.returnFocus;

  const formRef = useRef<HTMLFormElement>(null);

  // The dialog that opened this one is gone, so the frame has nowhere to send focus back to;
  // send it to what opened the change dialog (after Radix's own restore, which runs first).
  useEffect(() => {
    const form = formRef.current;
    return () => {
      setTimeout(() => {
        // Still in the document: a development double mount, not a close.
        if (form?.isConnected) return;
        if (returnFocus?.isConnected) returnFocus.focus();
      }, 0);
    };
  }, [returnFocus]);

  const run = async (): Promise<boolean> => {
    try {
      await apply.mutateAsync({ id: data.subscription.id, change: data.change });
      toastSuccess(t("preview.success"));
      data.onApplied();
    } catch (failure) {
      toastError(errorText(failure, t("preview.error")));
    }
    return true;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!entry.pending) onOkay(run());
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-muted-foreground text-sm">
          {t("preview.intro", { name: subscriptionName(data.subscription) })}
        </p>
        <dl
          aria-label={t("preview.amounts")}
          className="border-border divide-border divide-y rounded-lg border"
        >
          {previewRows(data.preview, locale).map((row) => (
            <div key={row.key} className="flex items-baseline justify-between gap-4 px-3 py-2.5">
              <dt className="text-muted-foreground text-sm">{t(`preview.${row.key}`)}</dt>
              <dd className="text-foreground text-right text-sm font-semibold tabular-nums">
                {row.credit ? t("preview.credit", { amount: row.value }) : row.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("preview.pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("cancelLabel")}
        </Button>
        <Button type="submit" loading={entry.pending} autoFocus>
          {t("preview.ok")}
        </Button>
      </DialogFooter>
    </form>
  );
}
