"use client";

import { useTranslations } from "next-intl";
import { preloadDialog } from "@/components/dialogs/preload-dialog";
import { addPaymentMethodDialog } from "../dialogs";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons/plus";
import { canDelete } from "@/lib/account/payment-rules";
import type { PaymentMethod } from "@/lib/schemas/account";
import { AccountSection } from "../section";
import { useDeleteMethod, useSetDefault } from "../use-account-actions";
import { PaymentMethodRow } from "./payment-method-row";

type PaymentMethodsCardProps = {
  customerId: string;
  methods: readonly PaymentMethod[];
  autoPay: boolean;
  onAdd: () => void;
  /** Asks before deleting (a confirmation dialog, or the delete view in restricted mode). */
  onDelete: (method: PaymentMethod, remove: (id: string) => Promise<boolean>) => void;
  children?: React.ReactNode;
};

/** The customer's payment methods: set default, delete, add (spec 000 §2, §4). */
export function PaymentMethodsCard({
  customerId,
  methods,
  autoPay,
  onAdd,
  onDelete,
  children,
}: PaymentMethodsCardProps) {
  const t = useTranslations("account.paymentMethods");
  const setDefault = useSetDefault(customerId);
  const remove = useDeleteMethod(customerId);
  const busy = setDefault.pending || remove.pending;
  const deletable = canDelete(methods.length, autoPay);
  return (
    <AccountSection
      id="payment-methods"
      title={t("title")}
      description={t("description")}
      action={
        <Button
          size="sm"
          onClick={onAdd}
          onPointerEnter={() => preloadDialog(addPaymentMethodDialog)}
          onFocus={() => preloadDialog(addPaymentMethodDialog)}
        >
          <PlusIcon className="size-4" />
          {t("add")}
        </Button>
      }
    >
      {methods.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("empty")}</p>
      ) : (
        <ul aria-labelledby="payment-methods-title" className="flex flex-col">
          {methods.map((method) => (
            <PaymentMethodRow
              key={method.id}
              method={method}
              canDelete={deletable}
              busy={busy}
              settingDefault={setDefault.pending && setDefault.variables === method.id}
              deleting={remove.pending && remove.variables === method.id}
              onSetDefault={() => void setDefault.run(method.id)}
              onDelete={() => onDelete(method, remove.run)}
            />
          ))}
        </ul>
      )}
      {!deletable && methods.length > 0 ? (
        <p className="text-muted-foreground mt-4 text-sm">{t("deleteHidden")}</p>
      ) : null}
      {children}
    </AccountSection>
  );
}
