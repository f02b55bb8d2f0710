"use client";

import { useTranslations } from "next-intl";
import { useFormatters } from "@/components/format/formatted-texts";
import type { AchCreditDetails } from "@/lib/schemas/account";
import { AccountSection, Detail } from "./section";

/** Where to send a bank transfer (spec 000 §2); the caller leaves it out when the load failed. */
export function AchCreditCard({ details }: { details: AchCreditDetails }) {
  const t = useTranslations("account.achCredit");
  const format = useFormatters();
  return (
    <AccountSection id="ach-credit" title={t("title")} description={t("description")}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Detail label={t("bankName")}>{details.bankName}</Detail>
        <Detail label={t("accountNumber")} ltr>
          <span className="font-mono tabular-nums">{details.accountNumber}</span>
        </Detail>
        <Detail label={t("routingNumber")} ltr>
          <span className="font-mono tabular-nums">{details.routingNumber}</span>
        </Detail>
        <Detail label={t("swiftCode")}>
          <span className="font-mono">{details.swiftCode ?? "-"}</span>
        </Detail>
        <Detail label={t("cashBalance")}>
          <span className="tabular-nums">{format.money(details.cashBalance, "USD")}</span>
        </Detail>
      </dl>
    </AccountSection>
  );
}
