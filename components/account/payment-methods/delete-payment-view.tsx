"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { canDelete, matchesMethodId } from "@/lib/account/payment-rules";
import { AccountSubView } from "../sub-view";
import { useContactDetails, usePaymentMethods } from "@/lib/account/use-account-data";
import { useDeleteMethod } from "../use-account-actions";
import { useMethodName } from "./payment-method-row";
import { isolate } from "@/lib/format/bidi";

/** The delete view of restricted mode (spec 000 §2): the confirmation as a full view. */
export function DeletePaymentView({
  customerId,
  methodId,
  onDone,
}: {
  customerId: string;
  methodId: string | null;
  onDone: () => void;
}) {
  const t = useTranslations("account");
  const methods = usePaymentMethods(customerId);
  const contact = useContactDetails(customerId);
  const remove = useDeleteMethod(customerId);
  const methodName = useMethodName();
  const list = methods.data?.paymentMethods ?? [];
  const target = methodId ? list.find((m) => matchesMethodId(m, methodId)) : undefined;
  const allowed = canDelete(list.length, contact.data?.autoPay ?? false);
  return (
    <AccountSubView title={t("deleteDialog.title")} onBack={onDone}>
      {target && allowed ? (
        <div className="flex flex-col gap-6">
          <p className="text-foreground text-sm leading-6">
            {t("deleteDialog.message", { name: isolate(methodName(target)) })}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={remove.pending} onClick={onDone}>
              {t("deleteDialog.cancel")}
            </Button>
            <Button
              variant="danger"
              loading={remove.pending}
              onClick={async () => {
                if (await remove.run(target.id)) onDone();
              }}
            >
              {t("deleteDialog.confirm")}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">
          {methods.isPending
            ? t("loading")
            : target
              ? t("paymentMethods.deleteHidden")
              : t("deleteDialog.gone")}
        </p>
      )}
    </AccountSubView>
  );
}
