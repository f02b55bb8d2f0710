import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { TokenExpired } from "@/components/auth/token-expired";
import { verifyResetToken } from "@/lib/billing/tokens";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getCurrentPortal } from "@/lib/shell";

type Props = { params: Promise<{ tokenId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("resetPassword.title"), referrer: "no-referrer" };
}

// Verifies the reset token on load: invalid → 'Token Expired'.
export default async function ResetPasswordPage({ params }: Props) {
  const { tokenId } = await params;
  const portal = await getCurrentPortal();
  if (!portal) return null;
  const parsed = urlTokenSchema.safeParse(tokenId);
  const reset = parsed.success ? await verifyResetToken(parsed.data) : null;
  if (!reset) return <TokenExpired portal={portal} offerReset />;
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("resetPassword.title")}
      description={t("resetPassword.subtitle", { email: reset.email })}
      footer={
        <Link href="/portal/login" className="inline-flex min-h-6 items-center font-medium text-primary underline hover:text-primary-hover">
          {t("resetPassword.backToLogin")}
        </Link>
      }
    >
      <ResetPasswordForm tokenId={parsed.data as string} />
    </AuthCard>
  );
}
