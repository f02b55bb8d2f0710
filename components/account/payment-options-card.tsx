"use client";

import { useTranslations } from "next-intl";
import { visiblePaymentOptions } from "@/lib/account/account-rules";
import type { GatewayFamily, PaymentOptions } from "@/lib/schemas/account";
import { Detail } from "./section";
import { YesNo } from "./yes-no";

/** The customer's payment options as Yes or No (spec 000 §2, §6). */
export function PaymentOptionsList({
  options,
  gateway,
}: {
  options: PaymentOptions;
  gateway: GatewayFamily | null;
}) {
  const t = useTranslations("account.paymentOptions");
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4" data-testid="payment-options">
      {visiblePaymentOptions(options, gateway).map((row) => (
        <Detail key={row.key} label={t(row.key)}>
          <YesNo on={row.on} />
        </Detail>
      ))}
    </dl>
  );
}
