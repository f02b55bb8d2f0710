import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { LegalNotice } from "@/components/auth/legal-notice";
import { RegisterForm } from "@/components/auth/register-form";
import { TokenExpired } from "@/components/auth/token-expired";
import { verifyRegistrationToken } from "@/lib/billing/tokens";
import { safeReturnPath } from "@/lib/return-path";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

type Props = { params: Promise<{ tokenId: string }> };

/** The invitation behind a token id, or null; once per request (metadata and page share it). */
const loadInvitation = cache(async (tokenId: string) => {
  const parsed = urlTokenSchema.safeParse(tokenId);
  return parsed.success ? verifyRegistrationToken(parsed.data) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tokenId } = await params;
  const [t, invitation] = await Promise.all([getTranslations("common"), loadInvitation(tokenId)]);
  return {
    title: await pageTitle(invitation ? t("register.title") : t("errorPage.title")),
    referrer: "no-referrer",
  };
}

// Verifies the invitation on load: invalid → 'Token Expired'; already granted → login.
export default async function RegisterPage({ params }: Props) {
  const { tokenId } = await params;
  if (await getSession()) redirect(safeReturnPath(undefined));
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const invitation = await loadInvitation(tokenId);
  if (!invitation) return <TokenExpired portal={portal} />;
  if (invitation.status === "granted") redirect("/portal/login?message=accessGranted");
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("register.title")}
      description={t("register.subtitle")}
      backToLogin={t("register.backToLogin")}
    >
      <div className="flex flex-col gap-6">
        <RegisterForm tokenId={tokenId} email={invitation.email} company={invitation.company} />
        <LegalNotice portal={portal} />
      </div>
    </AuthCard>
  );
}
