"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { AppCodeField } from "@/components/auth/step-parts";
import { MessageBox } from "@/components/feedback/message-box";
import { useBffSubmit } from "@/components/forms/use-bff-submit";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { cx } from "@/components/ui/cx";
import type { TotpEnrollment } from "@/lib/schemas/factors";

/** The key in groups of four, easier to type from the screen. */
const grouped = (secret: string) =>
  secret
    .replace(/=+$/, "")
    .match(/.{1,4}/g)
    ?.join(" ") ?? secret;

/**
 * An authenticator app being added (issue 34 §1): the QR code to scan (on a phone, a link that
 * opens the app there), the key to type, and the app's first code, which `confirm` sends. Used by
 * the account page's dialog and by the setup a company requires after the password.
 */
export function AuthenticatorForm<R>({
  enrollment,
  confirm,
  onConfirmed,
  footer,
  codeAutoFocus = false,
  fieldsClassName,
}: {
  enrollment: TotpEnrollment;
  confirm: (code: string) => Promise<R>;
  onConfirmed: (result: R) => void;
  /** The form's buttons, given whether the code is being checked. */
  footer: (pending: boolean) => ReactNode;
  codeAutoFocus?: boolean;
  /** The fields' padding: a dialog's, or none on a page. */
  fieldsClassName?: string;
}) {
  const t = useTranslations("account.security.add");
  const tr = useKeyTranslator();
  const { onSubmit, onChange, pending, error, fieldKeys } = useBffSubmit({
    fields: ["code"],
    submit: ({ code }) => confirm(code),
    onSuccess: onConfirmed,
  });
  const onFieldsOnly = Object.keys(fieldKeys).length > 0;
  const errorText = error && !onFieldsOnly ? tr.error(error) : null;

  return (
    <form method="post" noValidate onSubmit={onSubmit} onChange={onChange}>
      <div className={cx("flex flex-col gap-4", fieldsClassName)}>
        <p className="text-foreground text-sm leading-6">{t("scan")}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data URL drawn by the BFF */}
        <img
          src={enrollment.qrCode}
          alt={t("qrAlt")}
          width={176}
          height={176}
          className="self-center rounded-md bg-white p-1"
        />
        {/* On a phone the QR code is on the phone itself: its app opens from the link instead. */}
        <a
          href={enrollment.otpauthUri}
          className="text-primary self-center text-sm font-medium underline sm:hidden"
        >
          {t("openApp")}
        </a>
        <div className="flex flex-col gap-1">
          <p className="text-muted-foreground text-sm">{t("manual")}</p>
          <code
            dir="ltr"
            className="bg-muted text-foreground self-start rounded px-2 py-1 font-mono text-sm tracking-wide break-words"
          >
            {grouped(enrollment.secret)}
          </code>
        </div>
        {errorText ? <MessageBox variant="error">{errorText}</MessageBox> : null}
        <AppCodeField
          id="authenticator-code"
          description={t("codeHint")}
          autoFocus={codeAutoFocus}
          error={tr.key(fieldKeys.code)}
        />
      </div>
      {footer(pending)}
    </form>
  );
}
