"use client";

import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { ProviderSettings } from "@/lib/account/providers";
import { accountViewParsers, type AccountSubView as SubView } from "@/lib/account/view-params";
import { confirmationDialog } from "@/components/dialogs/dialogs";
import { useDialogs } from "@/lib/dialogs";
import { addPaymentMethodDialog, changePasswordDialog } from "./dialogs";
import type { PaymentMethod } from "@/lib/schemas/account";
import { ManageAccount } from "./manage-account";
import { DeletePaymentView } from "./payment-methods/delete-payment-view";
import { useMethodName } from "./payment-methods/payment-method-row";
import { AccountSubView } from "./sub-view";
import { useRestrictedMode } from "./use-restricted-mode";
import { isolate } from "@/lib/format/bidi";

// The sub-views' forms load when first shown, as the dialogs' bodies do.
const ChangePasswordForm = lazy(() =>
  import("./change-password/change-password-form").then((m) => ({
    default: m.ChangePasswordForm,
  })),
);
const AddPaymentMethodForm = lazy(() =>
  import("./add-payment/add-payment-form").then((m) => ({ default: m.AddPaymentMethodForm })),
);

const noSubscription = () => () => {};

/** True once the page runs in the browser (the provider forms need the DOM and its theme). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * /portal/account: the view the URL names (manage account by default; change password, add or
 * delete a payment method), and the dialogs. In restricted mode (small screens, see
 * useRestrictedMode) the buttons switch the view instead of opening a dialog.
 */
export function AccountView({
  customerId,
  email,
  providers,
}: {
  customerId: string;
  /** The signed-in user's e-mail (the alerts' "send them to me"). */
  email: string | null;
  providers: ProviderSettings;
}) {
  const t = useTranslations("account");
  const tCommon = useTranslations("common");
  const dialogs = useDialogs();
  const restricted = useRestrictedMode();
  const hydrated = useHydrated();
  const methodName = useMethodName();
  const [{ view, method }, setParams] = useQueryStates(accountViewParsers, {
    history: "push",
    shallow: true,
  });
  const show = (next: SubView | null, methodId: string | null = null) =>
    void setParams({ view: next, method: methodId });
  const back = () => show(null);
  const loading = (
    <div role="status" className="text-muted-foreground flex justify-center py-8">
      <Spinner />
      <span className="sr-only">{tCommon("shell.loading")}</span>
    </div>
  );

  const openChangePassword = () => {
    if (restricted) show("change-password");
    else dialogs.show({ kind: changePasswordDialog, title: t("views.changePassword") });
  };
  const openAddPayment = () => {
    if (restricted) show("add-payment-method");
    else
      dialogs.show({
        kind: addPaymentMethodDialog,
        title: t("views.addPaymentMethod"),
        message: t("addPayment.description"),
        data: { customerId, providers },
      });
  };
  const askDelete = (target: PaymentMethod, remove: (id: string) => Promise<boolean>) => {
    if (restricted) {
      show("delete-payment-method", target.id);
      return;
    }
    dialogs.show({
      kind: confirmationDialog,
      title: t("deleteDialog.title"),
      message: t("deleteDialog.message", { name: isolate(methodName(target)) }),
      okLabel: t("deleteDialog.confirm"),
      cancelLabel: t("deleteDialog.cancel"),
      // Closes once deleted; a refusal (its toast shown) leaves it open to cancel.
      onOkay: () => remove(target.id),
    });
  };

  if (view === "change-password")
    return (
      <AccountSubView
        title={t("views.changePassword")}
        description={t("changePassword.description")}
        onBack={back}
      >
        <Suspense fallback={loading}>
          <ChangePasswordForm onDone={back} onCancel={back} cancelLabel={t("views.cancel")} />
        </Suspense>
      </AccountSubView>
    );
  if (view === "add-payment-method")
    return (
      <AccountSubView
        title={t("views.addPaymentMethod")}
        description={t("addPayment.description")}
        onBack={back}
      >
        {hydrated ? (
          <Suspense fallback={loading}>
            <AddPaymentMethodForm
              customerId={customerId}
              providers={providers}
              onSaved={back}
              onCancel={back}
              cancelLabel={t("views.cancel")}
            />
          </Suspense>
        ) : (
          loading
        )}
      </AccountSubView>
    );
  if (view === "delete-payment-method")
    return <DeletePaymentView customerId={customerId} methodId={method} onDone={back} />;
  return (
    <ManageAccount
      customerId={customerId}
      email={email}
      onChangePassword={openChangePassword}
      onAddPaymentMethod={openAddPayment}
      onDeletePaymentMethod={askDelete}
    />
  );
}
