"use client";

import { useLocale, useTranslations } from "next-intl";
import { askConfirmation } from "@/components/dialogs/dialogs";
import { preloadDialog } from "@/components/dialogs/preload-dialog";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { usePress } from "@/components/forms/use-press";
import { Button } from "@/components/ui/button";
import { LockIcon } from "@/components/ui/icons/lock";
import { PlusIcon } from "@/components/ui/icons/plus";
import { ApiError } from "@/lib/api-client";
import { useDialogs } from "@/lib/dialogs";
import {
  useFactors,
  useRemoveFactorMutation,
  useRenewRecoveryCodesMutation,
  useStartTotpMutation,
} from "@/lib/factors/use-factors";
import type { Factor } from "@/lib/schemas/factors";
import { isolate } from "@/lib/format/bidi";
import { AccountSection, LoadFailed } from "../section";
import { addAuthenticatorDialog, addPasskeyDialog, recoveryCodesDialog } from "./dialogs";
import { preloadPasskeys } from "@/lib/factors/webauthn";

const instant = (value: string, locale: string, withTime: boolean) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" } : {}),
  }).format(new Date(value));

/**
 * "Sign-in security" (issue 34 §1): the user's second factors, adding an authenticator app,
 * removing one, and the recovery codes left with a way to renew them. Fetched when shown; a
 * billing API without factors (404) hides the card.
 */
export function SignInSecurityCard() {
  const t = useTranslations("account.security");
  const tCommon = useTranslations("common");
  const dialogs = useDialogs();
  const factors = useFactors();
  const start = usePress(useStartTotpMutation(), {
    onSuccess: (enrollment) =>
      dialogs.show({ kind: addAuthenticatorDialog, title: t("add.title"), data: enrollment }),
    onError: () => toastError(t("add.startFailed")),
  });
  const remove = usePress(useRemoveFactorMutation(), {
    onError: () => toastError(t("remove.failed")),
  });
  const renew = usePress(useRenewRecoveryCodesMutation(), {
    onSuccess: ({ recoveryCodes }) =>
      dialogs.show({
        kind: recoveryCodesDialog,
        title: t("codes.title"),
        data: { codes: recoveryCodes },
      }),
    onError: () => toastError(t("recovery.renewFailed")),
  });

  if (factors.error instanceof ApiError && factors.error.status === 404) return null;
  const list = factors.data;

  const askRemove = async (factor: Factor) => {
    const name = isolate(factor.name);
    const last = list?.factors.length === 1;
    const ok = await askConfirmation(dialogs, {
      title: t("remove.title", { name }),
      message: last ? t("remove.lastMessage") : t("remove.message"),
      okLabel: t("remove.confirm"),
      cancelLabel: t("remove.cancel"),
    });
    if (ok && (await remove.run(factor.id))) toastSuccess(t("remove.done", { name }));
  };
  const askRenew = async () => {
    const ok = await askConfirmation(dialogs, {
      title: t("recovery.renewTitle"),
      message: t("recovery.renewMessage"),
      okLabel: t("recovery.renew"),
      cancelLabel: t("remove.cancel"),
    });
    if (ok) await renew.run();
  };
  const hasApp = list?.factors.some((f) => f.kind === "totp") ?? false;

  return (
    <AccountSection id="sign-in-security" title={t("title")} description={t("intro")}>
      {list ? (
        <div className="flex flex-col gap-4">
          <p className="text-foreground text-sm">
            {!list.factors.length
              ? t("off")
              : list.factors.some((f) => f.kind === "passkey")
                ? t("onAny")
                : t("on")}
          </p>
          {list.factors.length ? (
            <ul className="divide-border flex flex-col divide-y border-y">
              {list.factors.map((factor) => (
                <FactorRow
                  key={factor.id}
                  factor={factor}
                  busy={remove.pending && remove.variables === factor.id}
                  onRemove={() => void askRemove(factor)}
                />
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {hasApp ? null : (
              // No wider than the card: a long label (French) wraps inside instead (WCAG 1.4.10).
              <Button
                variant="secondary"
                wrap
                loading={start.pending}
                onClick={() => void start.run()}
                onPointerEnter={() => preloadDialog(addAuthenticatorDialog)}
                onFocus={() => preloadDialog(addAuthenticatorDialog)}
              >
                <LockIcon className="size-4 shrink-0" />
                <span className="text-start whitespace-normal">{t("add.button")}</span>
              </Button>
            )}
            {list.passkeys ? (
              <Button
                variant="secondary"
                wrap
                onClick={() => dialogs.show({ kind: addPasskeyDialog, title: t("passkey.title") })}
                onPointerEnter={() => {
                  preloadDialog(addPasskeyDialog);
                  preloadPasskeys();
                }}
                onFocus={() => {
                  preloadDialog(addPasskeyDialog);
                  preloadPasskeys();
                }}
              >
                <PlusIcon className="size-4 shrink-0" />
                <span className="text-start whitespace-normal">{t("passkey.add")}</span>
              </Button>
            ) : null}
          </div>
          {list.factors.length ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-col gap-0.5">
                <h3 className="text-foreground text-sm font-medium">{t("recovery.title")}</h3>
                <p className="text-muted-foreground text-sm">
                  {t("recovery.left", { count: list.recoveryCodesLeft })}
                </p>
              </div>
              <Button
                variant="secondary"
                wrap
                loading={renew.pending}
                onClick={() => void askRenew()}
                onPointerEnter={() => preloadDialog(recoveryCodesDialog)}
                onFocus={() => preloadDialog(recoveryCodesDialog)}
              >
                {t("recovery.renew")}
              </Button>
            </div>
          ) : null}
        </div>
      ) : factors.isError ? (
        <LoadFailed
          text={t("loadFailed")}
          retry={() => void factors.refetch()}
          retryLabel={tCommon("errorPage.retry")}
        />
      ) : (
        <p className="text-muted-foreground text-sm">{tCommon("shell.loading")}</p>
      )}
    </AccountSection>
  );
}

function FactorRow({
  factor,
  busy,
  onRemove,
}: {
  factor: Factor;
  busy: boolean;
  onRemove: () => void;
}) {
  const t = useTranslations("account.security");
  const locale = useLocale();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-foreground text-sm font-medium break-words">
          <bdi>{factor.name}</bdi>
        </span>
        <span className="text-muted-foreground flex flex-wrap gap-x-3 text-xs">
          <span>{t("added", { date: instant(factor.createdAt, locale, false) })}</span>
          <span>
            {factor.lastUsedAt
              ? t("lastUsed", { date: instant(factor.lastUsedAt, locale, true) })
              : t("neverUsed")}
          </span>
        </span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={busy}
        aria-label={t("remove.label", { name: factor.name })}
        onClick={onRemove}
      >
        {t("remove.button")}
      </Button>
    </li>
  );
}
