import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { TokenExpired } from "@/components/auth/token-expired";
import { verifyResetToken } from "@/lib/billing/tokens";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getCurrentPortal, pageTitle } from "@/lib/shell";
import { isolate } from "@/lib/format/bidi";

type Props = { params: Promise<{ tokenId: string }> };

/** The reset request behind a token id, or null; once per request (metadata and page share it). */
const loadReset = cache(async (tokenId: string) => {
  const parsed = urlTokenSchema.safeParse(tokenId);
  return parsed.success ? verifyResetToken(parsed.data) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { tokenId } = await params;
  const [t, reset] = await Promise.all([getTranslations("common"), loadReset(tokenId)]);
  return {
    title: await pageTitle(reset ? t("resetPassword.title") : t("errorPage.title")),
    referrer: "no-referrer",
  };
}

// Verifies the reset token on load: invalid → 'Token Expired'.
export default async function ResetPasswordPage({ params }: Props) {
  const { tokenId } = await params;
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const reset = await loadReset(tokenId);
  if (!reset) return <TokenExpired portal={portal} offerReset />;
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("resetPassword.title")}
      description={t("resetPassword.subtitle", { email: isolate(reset.email) })}
      backToLogin={t("resetPassword.backToLogin")}
    >
      <ResetPasswordForm tokenId={tokenId} />
    </AuthCard>
  );
}
