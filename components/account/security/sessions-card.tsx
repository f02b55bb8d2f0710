"use client";

import { useLocale, useTranslations } from "next-intl";
import { confirmationDialog } from "@/components/dialogs/dialogs";
import { toastError, toastSuccess } from "@/components/feedback/toaster";
import { usePress } from "@/components/forms/use-press";
import { Button } from "@/components/ui/button";
import { LogoutIcon } from "@/components/ui/icons/logout";
import { useRevokeOtherSessionsMutation, useRevokeSessionMutation } from "@/lib/account/mutations";
import { useSessions } from "@/lib/account/use-account-data";
import { useDialogs } from "@/lib/dialogs";
import { isolate } from "@/lib/format/bidi";
import { formatInstant, formatSince } from "@/lib/format/instants";
import { hasOtherSessions, type AccountSession } from "@/lib/schemas/sessions";
import { AccountSection, LoadFailed } from "../section";

/** "Chrome on macOS", or what is known of it; the names isolated inside the sentence. */
function useDeviceName() {
  const t = useTranslations("account.sessions");
  return ({ browser, system }: AccountSession): string => {
    if (browser && system)
      return t("device", { browser: isolate(browser), system: isolate(system) });
    if (browser) return browser;
    if (system) return t("systemOnly", { system: isolate(system) });
    return t("unknownDevice");
  };
}

type RowProps = {
  session: AccountSession;
  now: number;
  /** Signs this (other) session out; absent for the current one. */
  onSignOut?: () => void;
  signingOut: boolean;
};

/** One sign-in: which browser on which system, from where, since when, last seen when. */
function SessionRow({ session, now, onSignOut, signingOut }: RowProps) {
  const t = useTranslations("account.sessions");
  const locale = useLocale();
  const name = useDeviceName()(session);
  return (
    <li className="border-border flex flex-col gap-2 border-t py-3 first:border-t-0 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-foreground font-medium break-words">{name}</p>
        {session.current ? (
          <span className="bg-primary-soft text-primary rounded-md px-2 py-0.5 text-xs font-semibold">
            {t("thisDevice")}
          </span>
        ) : null}
        {onSignOut ? (
          <Button
            variant="ghost"
            size="sm"
            className="ms-auto"
            onClick={onSignOut}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
            aria-label={t("signOutOne", { device: name })}
          >
            {t("signOut")}
          </Button>
        ) : null}
      </div>
      <dl className="text-muted-foreground grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt>{t("address")}</dt>
        <dd className="text-foreground break-all">
          {session.ip ? <bdi dir="ltr">{session.ip}</bdi> : t("unknownAddress")}
        </dd>
        <dt>{t("signedIn")}</dt>
        <dd className="text-foreground">
          <time dateTime={session.signedInAt}>{formatInstant(session.signedInAt, locale)}</time>
        </dd>
        <dt>{t("lastSeen")}</dt>
        <dd className="text-foreground">
          <time dateTime={session.lastSeenAt} title={formatInstant(session.lastSeenAt, locale)}>
            {session.current ? t("now") : formatSince(session.lastSeenAt, now, locale)}
          </time>
        </dd>
      </dl>
    </li>
  );
}

/**
 * Where the user is signed in (issue 34 §2): each live session, this one marked, and a press that
 * signs out all the others (after a confirmation). Loaded by the browser alone: the account page's
 * server render does not wait for it.
 */
export function SessionsCard() {
  const t = useTranslations("account");
  const tCommon = useTranslations("common");
  const dialogs = useDialogs();
  const query = useSessions();
  const list = query.data;
  const others = hasOtherSessions(list);
  const deviceName = useDeviceName();
  const revoke = usePress(useRevokeOtherSessionsMutation(), {
    onSuccess: ({ revoked }) => toastSuccess(t("sessions.revoked", { count: revoked })),
    onError: () => toastError(t("sessions.revokeFailed")),
  });
  const revokeOne = usePress(useRevokeSessionMutation(), {
    onSuccess: (_ok, id) => {
      const session = list?.sessions.find((s) => s.id === id);
      toastSuccess(t("sessions.signedOutOne", { device: session ? deviceName(session) : "" }));
    },
    onError: () => toastError(t("sessions.signOutOneFailed")),
  });

  const confirm = () =>
    dialogs.show({
      kind: confirmationDialog,
      title: t("sessions.confirmTitle"),
      message: t("sessions.confirmMessage"),
      okLabel: t("sessions.confirmOk"),
      cancelLabel: t("sessions.confirmCancel"),
      // Closes once done; a failure (its toast shown) leaves it open to cancel or try again.
      onOkay: () => revoke.run(),
    });

  return (
    <AccountSection id="sessions" title={t("sessions.title")} description={t("sessions.intro")}>
      {list ? (
        <div className="flex flex-col gap-4">
          <ul aria-label={t("sessions.listLabel")} className="flex flex-col">
            {list.sessions.map((session) => (
              // Relative times count from when the list was read, so a render never reads the clock.
              <SessionRow
                key={session.id}
                session={session}
                now={query.dataUpdatedAt}
                onSignOut={session.current ? undefined : () => void revokeOne.run(session.id)}
                signingOut={revokeOne.pending && revokeOne.variables === session.id}
              />
            ))}
          </ul>
          {others ? null : (
            <p className="text-muted-foreground text-sm">{t("sessions.noOthers")}</p>
          )}
          <div>
            <Button
              variant="secondary"
              wrap
              onClick={confirm}
              disabled={!others || revoke.pending || revokeOne.pending}
              aria-busy={revoke.pending || undefined}
            >
              <LogoutIcon className="size-4 rtl:-scale-x-100" />
              {t("sessions.signOutOthers")}
            </Button>
          </div>
        </div>
      ) : query.isError ? (
        <LoadFailed
          text={t("loadFailed")}
          retry={() => void query.refetch()}
          retryLabel={tCommon("errorPage.retry")}
        />
      ) : (
        <p className="text-muted-foreground text-sm">{tCommon("shell.loading")}</p>
      )}
    </AccountSection>
  );
}
