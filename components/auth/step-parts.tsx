"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/forms/text-field";

// What the sign-in's steps after the password share (issue 34 §1): the authenticator app's code
// field, and the way back to the login page when a step is over.

/** The six digits of an authenticator app: the one-time-code autofill, a numeric keypad. */
export function AppCodeField({
  id,
  description,
  error,
  autoFocus = false,
}: {
  id: string;
  description: string;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  const t = useTranslations("common.secondFactor");
  return (
    <TextField
      id={id}
      name="code"
      label={t("code")}
      description={description}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      spellCheck={false}
      required
      autoFocus={autoFocus}
      error={error}
    />
  );
}

/** A step that is over (spent, expired): back to the login page, with a full load. */
export function SignInAgainLink() {
  const t = useTranslations("common.secondFactor");
  return (
    <>
      {" "}
      {/* A full load: the sign-in starts afresh, with no router code for it here. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/portal/login" className="font-medium underline">
        {t("signInAgain")}
      </a>
    </>
  );
}
