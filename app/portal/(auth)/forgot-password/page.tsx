import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { hcaptchaConfig } from "@/lib/security/hcaptcha";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("forgotPassword.title")) };
}

export default async function ForgotPasswordPage() {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("forgotPassword.title")}
      description={t("forgotPassword.subtitle")}
      backToLogin={t("forgotPassword.backToLogin")}
    >
      <ForgotPasswordForm {...hcaptchaConfig()} />
    </AuthCard>
  );
}
