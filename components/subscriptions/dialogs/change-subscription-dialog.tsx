"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { DialogBodyProps } from "@/lib/dialogs";
import type { ChangePreview } from "@/lib/schemas/subscriptions";
import { usePress } from "@/components/forms/use-press";
import { useApplyChangeMutation, usePreviewChangeMutation } from "@/lib/subscriptions/mutations";
import { DialogError } from "./dialog-error";
import { previewRows } from "./preview-rows";
import { subscriptionName } from "./subscription-name";
import type { ChangeSubscriptionData, ChangeSummaryLine, DialogWork } from "./types";
import { isolate } from "@/lib/format/bidi";

/**
 * Saving a subscription's pending edits (spec 001 §2–§4) as one flow in one dialog: Change
 * Subscription lists the changes and previews their cost; the same dialog then becomes Change
 * Preview (the prior, current and next invoices and the contract's effective date), and Confirm
 * applies. A preview error stays inside the dialog; an apply error closes it with a toast and
 * leaves the edit pending in the tab. Only a success tells the caller.
 */
export function ChangeSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
  setTitle,
}: DialogBodyProps<ChangeSubscriptionData, DialogWork>) {
  const t = useTranslations("subscriptionDialogs");
  const { error: errorText } = useKeyTranslator();
  const { data } = entry;
  const [error, setError] = useState<string | null>(null);
  const [amounts, setAmounts] = useState<ChangePreview | null>(null);
  const empty = data.summary.length === 0;
  const preview = usePress(usePreviewChangeMutation(), {
    onSuccess: (result) => {
      setAmounts(result);
      setTitle(t("preview.title"));
    },
    onError: (failure) => setError(errorText(failure, t("change.error"))),
  });
  const apply = usePress(useApplyChangeMutation(data.customerId), {
    onSuccess: () => {
      toastSuccess(t("preview.success"));
      data.onApplied();
    },
    onError: (failure) => toastError(errorText(failure, t("preview.error"))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (entry.pending) return;
    const vars = { id: data.subscription.id, change: data.change };
    // Applying closes the dialog whatever happens (a failure is told by a toast); the preview's
    // work resolves false, so the dialog stays open and moves on to the amounts.
    if (amounts) onOkay(apply.run(vars).then(() => true));
    else if (!empty) {
      setError(null);
      onOkay(preview.run(vars).then(() => false));
    }
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      {amounts ? (
        <PreviewStep name={isolate(subscriptionName(data.subscription))} amounts={amounts} />
      ) : (
        <div className="flex flex-col gap-4 px-6 pt-4">
          <p className="text-muted-foreground text-sm">
            {t("change.intro", { name: isolate(subscriptionName(data.subscription)) })}
          </p>
          {empty ? (
            <p className="text-foreground text-sm">{t("change.empty")}</p>
          ) : (
            <ChangeTable lines={data.summary} />
          )}
          <DialogError message={error} />
        </div>
      )}
      <DialogFooter>
        <PendingAnnouncement
          pending={entry.pending}
          text={amounts ? t("preview.pending") : t("change.pending")}
        />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("cancelLabel")}
        </Button>
        {/* Keyed by step: the preview step's Confirm mounts anew and takes the focus. */}
        <SubmitButton
          key={amounts ? "apply" : "preview"}
          loading={entry.pending}
          disabled={!amounts && empty}
          autoFocus={amounts !== null || !empty}
        >
          {amounts ? t("preview.ok") : t("change.ok")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/** The preview step: what the change would cost, in the subscription's currency. */
function PreviewStep({ name, amounts }: { name: string; amounts: ChangePreview }) {
  const t = useTranslations("subscriptionDialogs");
  const locale = useLocale();
  return (
    <div className="flex flex-col gap-4 px-6 pt-4">
      <p className="text-muted-foreground text-sm">{t("preview.intro", { name })}</p>
      <dl
        aria-label={t("preview.amounts")}
        className="border-border divide-border divide-y rounded-lg border"
      >
        {previewRows(amounts, locale).map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-4 px-3 py-2.5">
            <dt className="text-muted-foreground text-sm">{t(`preview.${row.key}`)}</dt>
            <dd className="text-foreground text-end text-sm font-semibold tabular-nums">
              {row.credit ? t("preview.credit", { amount: row.value }) : row.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ChangeTable({ lines }: { lines: readonly ChangeSummaryLine[] }) {
  const t = useTranslations("subscriptionDialogs.change");
  return (
    <div className="border-border overflow-x-auto rounded-lg border">
      <Table>
        <TableCaption className="sr-only">{t("caption")}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t("item")}</TableHead>
            <TableHead scope="col">{t("from")}</TableHead>
            <TableHead scope="col">{t("to")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={`${index}-${line.label}`}>
              <TableCell className="font-medium">{line.label}</TableCell>
              <TableCell>
                {line.from ?? <span className="text-muted-foreground">{t("none")}</span>}
              </TableCell>
              <TableCell>
                {line.to === null ? (
                  <Tag tone="removed">{t("removed")}</Tag>
                ) : (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {line.to}
                    {line.from === null ? <Tag tone="added">{t("added")}</Tag> : null}
                  </span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function Tag({ tone, children }: { tone: "added" | "removed"; children: string }) {
  return (
    <span
      className={
        tone === "added"
          ? "border-success-border bg-success-soft text-success rounded-md border px-1.5 py-0.5 text-xs font-semibold"
          : "border-danger-border bg-danger-soft text-danger rounded-md border px-1.5 py-0.5 text-xs font-semibold"
      }
    >
      {children}
    </span>
  );
}
