import type { Metadata } from "next";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { SecondFactorForm } from "@/components/auth/second-factor-form";
import { hcaptchaConfig } from "@/lib/security/hcaptcha";
import { readSecondStep, secondStepCookieName } from "@/lib/session/second-step";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal, pageTitle } from "@/lib/shell";
import { hostFromHeaders } from "@/lib/request-host";
import { headers } from "next/headers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("secondFactor.title")) };
}

/**
 * The sign-in's second step (issue 34 §1): the code of the customer's authenticator app, or one of
 * their recovery codes. Only a sign-in whose password was right reaches it (its cookie); anyone
 * else goes back to the login page.
 */
export default async function SecondFactorPage() {
  if (await getSession()) redirect("/portal/dashboard");
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const host = hostFromHeaders(await headers());
  const step = await readSecondStep((await cookies()).get(secondStepCookieName())?.value, host);
  if (!step) redirect("/portal/login?error=secondStepExpired");
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal"
      title={t("secondFactor.title")}
      description={
        step.methods.includes("totp") ? t("secondFactor.intro") : t("secondFactor.introOther")
      }
    >
      <SecondFactorForm captcha={hcaptchaConfig()} methods={step.methods} />
    </AuthCard>
  );
}
