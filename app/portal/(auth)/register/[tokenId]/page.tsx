import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { LegalNotice } from "@/components/auth/legal-notice";
import { RegisterForm } from "@/components/auth/register-form";
import { TokenExpired } from "@/components/auth/token-expired";
import { verifyRegistrationToken } from "@/lib/billing/tokens";
import { safeReturnPath } from "@/lib/return-path";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal } from "@/lib/shell";

type Props = { params: Promise<{ tokenId: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: t("register.title"), referrer: "no-referrer" };
}

// Verifies the invitation on load: invalid → 'Token Expired'; already granted → login.
export default async function RegisterPage({ params }: Props) {
  const { tokenId } = await params;
  if (await getSession()) redirect(safeReturnPath(undefined));
  const portal = await getCurrentPortal();
  if (!portal) return null;
  const parsed = urlTokenSchema.safeParse(tokenId);
  const invitation = parsed.success ? await verifyRegistrationToken(parsed.data) : null;
  if (!invitation) return <TokenExpired portal={portal} />;
  if (invitation.status === "granted") redirect("/portal/login?message=accessGranted");
  const t = await getTranslations("common");
  return (
    <AuthCard
      portal={portal}
      logoHref="/portal/login"
      title={t("register.title")}
      description={t("register.subtitle")}
      footer={
        <Link href="/portal/login" className="inline-flex min-h-6 items-center font-medium text-primary underline hover:text-primary-hover">
          {t("register.backToLogin")}
        </Link>
      }
    >
      <div className="flex flex-col gap-6">
        <RegisterForm tokenId={parsed.data as string} email={invitation.email} company={invitation.company} />
        <LegalNotice portal={portal} />
      </div>
    </AuthCard>
  );
}
