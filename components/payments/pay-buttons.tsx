"use client";

import { useTranslations } from "next-intl";
import type { SelectionApi } from "@/components/tables/core/use-row-selection";
import { Button } from "@/components/ui/button";
import { useDialogs } from "@/lib/dialogs";
import type { PaymentSettings } from "@/lib/schemas/payments";
import type { PaySelection } from "@/lib/schemas/payments-forms";
import { payDialog, type PayDialogData } from "./dialogs";

type Settings = NonNullable<PaymentSettings>;

/** The selection as the BFF reads it: the ids ticked, or the filters and the rows unticked. */
function paySelectionOf(api: SelectionApi): PaySelection {
  return api.selection.mode === "some"
    ? { kind: "ids", ids: [...api.selection.ids] }
    : { kind: "matching", filters: api.filters, excluded: [...api.selection.excluded] };
}

function usePayDialog() {
  const dialogs = useDialogs();
  const t = useTranslations("lists.pay");
  return (data: PayDialogData) =>
    dialogs.show({ kind: payDialog, title: t(`title.${data.mode}`), data });
}

/** "Pay selected", in the invoices list's selection bar. */
export function PaySelectedButton({
  selection,
  customerId,
  settings,
}: {
  selection: SelectionApi;
  customerId: string;
  settings: Settings;
}) {
  const t = useTranslations("lists.pay");
  const open = usePayDialog();
  return (
    <Button
      size="sm"
      onPointerEnter={() => void payDialog.load()}
      onFocus={() => void payDialog.load()}
      onClick={() =>
        open({
          customerId,
          mode: "selected",
          selection: paySelectionOf(selection),
          settings,
          onPaid: selection.clear,
        })
      }
    >
      {t("paySelected")}
    </Button>
  );
}

/** "Pay all overdue" and, where the company allows part payments, "Pay an amount". */
export function PayOverdueButtons({
  customerId,
  settings,
}: {
  customerId: string;
  settings: Settings;
}) {
  const t = useTranslations("lists.pay");
  const open = usePayDialog();
  const preload = () => void payDialog.load();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() =>
          open({ customerId, mode: "overdue", selection: { kind: "overdue" }, settings })
        }
      >
        {t("payOverdue")}
      </Button>
      {settings.partialAllowed ? (
        <Button
          variant="secondary"
          size="sm"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() =>
            open({ customerId, mode: "amount", selection: { kind: "open" }, settings })
          }
        >
          {t("payAmount")}
        </Button>
      ) : null}
    </>
  );
}
