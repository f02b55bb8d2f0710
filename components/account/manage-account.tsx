"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { preloadDialog } from "@/components/dialogs/preload-dialog";
import { changePasswordDialog } from "./dialogs";
import { Button } from "@/components/ui/button";
import { LockIcon } from "@/components/ui/icons/lock";
import type { PaymentMethod } from "@/lib/schemas/account";
import { AlertsSlot } from "@/components/alerts/alerts-slot";
import { AchCreditCard } from "./ach-credit-card";
import { AutoPaySetting } from "./auto-pay-card";
import { ContactDetailsCard } from "./contact/contact-details-card";
import { PaymentOptionsList } from "./payment-options-card";
import { AddPaymentLink, AddPaymentLinkFailed } from "./payment-methods/add-payment-link";
import { PaymentMethodsCard } from "./payment-methods/payment-methods-card";
import { AccountSection, LoadFailed } from "./section";
import { SecuritySlot } from "./security/security-slot";
import {
  useAchCredit,
  useAddPaymentForm,
  useContactDetails,
  usePaymentMethods,
} from "@/lib/account/use-account-data";

type ManageAccountProps = {
  customerId: string;
  email: string | null;
  onChangePassword: () => void;
  onAddPaymentMethod: () => void;
  onDeletePaymentMethod: (method: PaymentMethod, remove: (id: string) => Promise<boolean>) => void;
};

/**
 * The manage-account view (spec 000 §2): contact details, payment options, auto-pay, payment
 * methods, bank-transfer details (hidden when there are none), the add-payment link and billing
 * alerts (hidden when the billing API has none). A part
 * the billing API fails to answer says so in its place, with Try again; the rest still works.
 */
export function ManageAccount({
  customerId,
  email,
  onChangePassword,
  onAddPaymentMethod,
  onDeletePaymentMethod,
}: ManageAccountProps) {
  const t = useTranslations("account");
  const tCommon = useTranslations("common");
  const contact = useContactDetails(customerId);
  const methods = usePaymentMethods(customerId);
  const achCredit = useAchCredit(customerId);
  const formUrl = useAddPaymentForm(customerId);
  const retry = tCommon("errorPage.retry");

  const details = contact.data;
  const list = methods.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
            {t("title")}
          </h1>
          <p className="text-muted-foreground text-sm">{t("intro")}</p>
        </div>
        <Button
          variant="secondary"
          onClick={onChangePassword}
          onPointerEnter={() => preloadDialog(changePasswordDialog)}
          onFocus={() => preloadDialog(changePasswordDialog)}
        >
          <LockIcon className="size-4" />
          {t("views.changePassword")}
        </Button>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-3">
          {details ? (
            <ContactDetailsCard customerId={customerId} details={details} />
          ) : (
            <AccountSection id="contact" title={t("contact.title")}>
              {contact.isError ? (
                <LoadFailed
                  text={t("loadFailed")}
                  retry={() => void contact.refetch()}
                  retryLabel={retry}
                />
              ) : (
                <p className="text-muted-foreground text-sm">{tCommon("shell.loading")}</p>
              )}
            </AccountSection>
          )}
          {list ? (
            <PaymentMethodsCard
              customerId={customerId}
              methods={list.paymentMethods}
              autoPay={details?.autoPay ?? false}
              onAdd={onAddPaymentMethod}
              onDelete={onDeletePaymentMethod}
            >
              {formUrl.data?.url ? (
                <AddPaymentLink customerId={customerId} url={formUrl.data.url} />
              ) : formUrl.isError ? (
                <AddPaymentLinkFailed retry={() => void formUrl.refetch()} retryLabel={retry} />
              ) : null}
            </PaymentMethodsCard>
          ) : (
            <AccountSection id="payment-methods" title={t("paymentMethods.title")}>
              {methods.isError ? (
                <LoadFailed
                  text={t("loadFailed")}
                  retry={() => void methods.refetch()}
                  retryLabel={retry}
                />
              ) : (
                <p className="text-muted-foreground text-sm">{tCommon("shell.loading")}</p>
              )}
            </AccountSection>
          )}
          <AlertsSlot customerId={customerId} email={email} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {details ? (
            <AccountSection id="auto-pay" title={t("autoPay.title")}>
              <AutoPaySetting customerId={customerId} details={details} />
            </AccountSection>
          ) : null}
          {details ? (
            <AccountSection id="payment-options" title={t("paymentOptions.title")}>
              <PaymentOptionsList
                options={details.paymentOptions}
                gateway={list?.gateway.family ?? null}
              />
            </AccountSection>
          ) : null}
          {achCredit.data ? (
            <AchCreditCard details={achCredit.data} />
          ) : achCredit.isError ? (
            <AccountSection id="ach-credit" title={t("achCredit.title")}>
              <LoadFailed
                text={t("loadFailed")}
                retry={() => void achCredit.refetch()}
                retryLabel={retry}
              />
            </AccountSection>
          ) : null}
          <SecuritySlot />
          <AccountSection
            id="activity"
            title={t("activity.title")}
            description={t("activity.linkHint")}
          >
            <Link href="/portal/activity" className="text-primary text-sm font-medium underline">
              {t("activity.link")}
            </Link>
          </AccountSection>
        </div>
      </div>
    </div>
  );
}
