import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { FactorSetup } from "@/components/auth/factor-setup";
import type { PortalMessages } from "@/lib/i18n/messages";
import { hostFromHeaders } from "@/lib/request-host";
import { factorSetupCookie } from "@/lib/session/factor-setup";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.security.setup");
  return { title: await pageTitle(t("title")) };
}

/**
 * The second factor a company requires (issue 34 §1): reached only from a right password of a
 * user with none (its step cookie); the portal opens once an authenticator app is set up.
 */
export default async function FactorSetupPage() {
  if (await getSession()) redirect("/portal/dashboard");
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const host = hostFromHeaders(await headers());
  const step = await factorSetupCookie.read(
    (await cookies()).get(factorSetupCookie.name())?.value,
    host,
  );
  if (!step) redirect("/portal/login?error=secondStepExpired");
  const [t, messages] = await Promise.all([
    getTranslations("account.security.setup"),
    getMessages() as Promise<PortalMessages>,
  ]);
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal"
      title={t("title")}
      description={t("intro", { company: portal.name })}
    >
      {/* The sign-in pages carry `common` only; this one adds the setup's own texts. */}
      <NextIntlClientProvider
        messages={{ common: messages.common, account: { security: messages.account.security } }}
      >
        <FactorSetup />
      </NextIntlClientProvider>
    </AuthCard>
  );
}
