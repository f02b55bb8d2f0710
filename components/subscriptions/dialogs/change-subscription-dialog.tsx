"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { DialogBodyProps } from "@/components/dialogs/dialog-body";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { Button } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useDialogs } from "@/lib/dialogs";
import { useSubscriptionMutations } from "@/lib/subscriptions/use-subscriptions";
import { DialogError } from "./dialog-error";
import { subscriptionName } from "./subscription-name";
import type { ChangeSummaryLine } from "./types";
import { useKeyTranslator } from "@/components/forms/use-key-translator";

/**
 * Change Subscription (spec 001 §2, §4): the pending changes, then OK previews their cost. A
 * preview error stays inside the dialog; a preview opens Change Preview on top and this closes.
 */
export function ChangeSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<"changeSubscription">) {
  const t = useTranslations("subscriptionDialogs");
  const { error: errorText } = useKeyTranslator();
  const dialogs = useDialogs();
  const { data } = entry;
  const { preview } = useSubscriptionMutations(data.customerId);
  const [error, setError] = useState<string | null>(null);
  const empty = data.summary.length === 0;

  const run = async (): Promise<boolean> => {
    setError(null);
    try {
      const result = await preview.mutateAsync({ id: data.subscription.id, change: data.change });
      dialogs.show({
        type: "changePreview",
        title: t("preview.title"),
        data: { ...data, preview: result },
        onOkay: (work) => work,
      });
      return true;
    } catch (failure) {
      setError(errorText(failure, t("change.error")));
      return false;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (entry.pending || empty) return;
    onOkay(run());
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <p className="text-muted-foreground text-sm">
          {t("change.intro", { name: subscriptionName(data.subscription) })}
        </p>
        {empty ? (
          <p className="text-foreground text-sm">{t("change.empty")}</p>
        ) : (
          <ChangeTable lines={data.summary} />
        )}
        <DialogError message={error} />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={entry.pending} text={t("change.pending")} />
        <Button variant="secondary" disabled={entry.pending} onClick={onCancel}>
          {t("cancelLabel")}
        </Button>
        <Button type="submit" loading={entry.pending} disabled={empty} autoFocus={!empty}>
          {t("change.ok")}
        </Button>
      </DialogFooter>
    </form>
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
