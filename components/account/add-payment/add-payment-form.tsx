"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { RadioGroup } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { enabledKinds, type PaymentKind } from "@/lib/account/add-payment";
import type { ProviderSettings } from "@/lib/account/providers";
import type { PaymentMethod } from "@/lib/schemas/account";
import { LoadFailed } from "../section";
import { usePaymentMethods } from "@/lib/account/use-account-data";
import { DisabledAlert } from "./disabled-alert";

// Each gateway's forms are their own chunk: a company pays only for its provider's code.
const StripeForm = lazy(() => import("./stripe-forms").then((m) => ({ default: m.StripeForm })));
const CardConnectForm = lazy(() =>
  import("./cardconnect-form").then((m) => ({ default: m.CardConnectForm })),
);

type AddPaymentMethodFormProps = {
  customerId: string;
  providers: ProviderSettings;
  onSaved: (method: PaymentMethod) => void;
  onCancel: () => void;
  cancelLabel: string;
};

/**
 * Add a payment method (spec 000 §4): no type chosen at first; card or bank account shows the
 * company's gateway form; neither enabled shows the paymentMethod.disabled alert.
 */
export function AddPaymentMethodForm({
  customerId,
  providers,
  onSaved,
  onCancel,
  cancelLabel,
}: AddPaymentMethodFormProps) {
  const t = useTranslations("account.addPayment");
  const tAccount = useTranslations("account");
  const tCommon = useTranslations("common");
  const methods = usePaymentMethods(customerId);
  const [kind, setKind] = useState<PaymentKind | null>(null);

  if (methods.isPending) return <Loading label={tCommon("shell.loading")} />;
  if (methods.isError)
    return (
      <LoadFailed
        text={t("gatewayFailed")}
        retry={() => void methods.refetch()}
        retryLabel={tCommon("errorPage.retry")}
      />
    );
  const { gateway } = methods.data;
  const kinds = gateway.family ? enabledKinds(gateway) : [];
  if (kinds.length === 0)
    return (
      <div className="flex flex-col gap-5">
        <DisabledAlert
          text={tAccount("paymentMethod.disabled")}
          dismissLabel={tCommon("dialogs.close")}
        />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </div>
    );

  const formProps = { gateway, customerId, providers, onSaved, onCancel, cancelLabel };
  return (
    <div className="flex flex-col gap-6">
      <RadioGroup
        legend={t("type")}
        layout="row"
        value={kind}
        onValueChange={setKind}
        autoFocus
        options={kinds.map((value) => ({
          value,
          label: value === "CC" ? t("card") : t("bank"),
        }))}
      />
      {kind ? (
        <Suspense fallback={<Loading label={tCommon("shell.loading")} />}>
          {gateway.family === "stripe" ? (
            <StripeForm key={kind} kind={kind} {...formProps} />
          ) : (
            <CardConnectForm key={kind} kind={kind} {...formProps} />
          )}
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-muted-foreground text-sm">{t("chooseType")}</p>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onCancel}>
              {cancelLabel}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="text-muted-foreground flex justify-center py-8">
      <Spinner />
      <span className="sr-only">{label}</span>
    </div>
  );
}
