"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { BankIcon } from "@/components/ui/icons/bank";
import { CardIcon } from "@/components/ui/icons/card";
import { ExternalLinkIcon } from "@/components/ui/icons/external-link";
import { TrashIcon } from "@/components/ui/icons/trash";
import { Switch } from "@/components/ui/switch";
import { normalizeBrand, isKnownBrand } from "@/lib/account/card-brands";
import {
  expiryText,
  isBankAccount,
  isDefaultSwitchDisabled,
  lastFour,
  verificationOf,
} from "@/lib/account/payment-rules";
import type { PaymentMethod } from "@/lib/schemas/account";
import { CardBrandMark, useBrandName } from "../card-brand";

/** How a method is named: "Visa ending in 4242", "STRIPE TEST BANK ending in 6789". */
export function useMethodName() {
  const t = useTranslations("account.paymentMethods");
  const brandName = useBrandName();
  return (method: PaymentMethod): string => {
    const last4 = lastFour(method.accountNumber);
    if (!isBankAccount(method)) return t("cardName", { brand: brandName(method.type), last4 });
    const bank = method.type.toUpperCase() === "ECHK" ? t("echk") : method.type;
    return t("bankName", { bank, last4 });
  };
}

type RowProps = {
  method: PaymentMethod;
  canDelete: boolean;
  /** A change of this method is out: its controls are disabled. */
  settingDefault: boolean;
  deleting: boolean;
  /** Another change is out (a second one would race it). */
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
};

/** One saved method with its display rules (spec 000 §4) and its two controls. */
export function PaymentMethodRow({
  method,
  canDelete,
  settingDefault,
  deleting,
  busy,
  onSetDefault,
  onDelete,
}: RowProps) {
  const t = useTranslations("account.paymentMethods");
  const tShell = useTranslations("common.shell");
  const name = useMethodName()(method);
  const id = useId();
  const bank = isBankAccount(method);
  const verification = verificationOf(method);
  const brand = normalizeBrand(method.type);
  return (
    <li
      className="border-border flex flex-col gap-4 border-t py-4 first:border-t-0 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between"
      data-testid="payment-method"
      data-method-id={method.id}
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="bg-muted text-muted-foreground flex size-10 shrink-0 items-center justify-center rounded-lg">
          {bank ? <BankIcon /> : <CardIcon />}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p id={`${id}-name`} className="text-foreground font-medium break-words">
              {name}
            </p>
            {!bank && isKnownBrand(brand) ? <CardBrandMark brand={brand} className="h-6" /> : null}
            {method.isDefault ? (
              <span className="bg-primary-soft text-primary rounded-md px-2 py-0.5 text-xs font-semibold">
                {t("default")}
              </span>
            ) : null}
          </div>
          <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span>
              {t("expires")}{" "}
              <span className="text-foreground tabular-nums">{expiryText(method)}</span>
            </span>
            {verification ? (
              <span
                className={
                  verification.label === "verified"
                    ? "bg-success-soft text-success rounded-md px-2 py-0.5 text-xs font-bold tracking-wide"
                    : "bg-danger-soft text-danger rounded-md px-2 py-0.5 text-xs font-bold tracking-wide"
                }
              >
                {verification.label === "verified" ? t("verified") : t("unverified")}
              </span>
            ) : null}
            {verification?.verifyUrl ? (
              <a
                href={verification.verifyUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary hover:text-primary-hover inline-flex items-center gap-1 font-medium underline"
              >
                {t("verify")}
                <span className="sr-only">
                  {" "}
                  {name} {tShell("newTab")}
                </span>
                <ExternalLinkIcon className="size-4" />
              </a>
            ) : null}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 ps-13 md:justify-end md:ps-0">
        <div className="flex items-center gap-2">
          <Switch
            checked={method.isDefault || settingDefault}
            disabled={isDefaultSwitchDisabled(method) || busy}
            aria-busy={settingDefault || undefined}
            aria-labelledby={`${id}-default ${id}-name`}
            onCheckedChange={(on) => {
              if (on) onSetDefault();
            }}
          />
          <span id={`${id}-default`} className="text-foreground text-sm">
            {t("setDefault")}
          </span>
        </div>
        {canDelete ? (
          <Button
            variant="dangerGhost"
            size="sm"
            loading={deleting}
            disabled={busy && !deleting}
            onClick={onDelete}
            aria-label={t("deleteNamed", { name })}
          >
            <TrashIcon className="size-4" />
            <span aria-hidden="true">{t("delete")}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
