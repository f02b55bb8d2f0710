import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginScreen } from "@/components/auth/login-screen";
import { verifyEmailToken } from "@/lib/billing/tokens";
import { safeReturnPath } from "@/lib/return-path";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("login.title")), referrer: "no-referrer" };
}

// Shows the login screen and confirms the e-mail token on load.
export default async function VerifyEmailPage({ params }: Props) {
  const { token } = await params;
  if (await getSession()) redirect(safeReturnPath(undefined));
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const parsed = urlTokenSchema.safeParse(token);
  const verified = parsed.success ? await verifyEmailToken(parsed.data) : null;
  if (verified) return <LoginScreen portal={portal} message="emailConfirmed" />;
  const t = await getTranslations("common");
  return <LoginScreen portal={portal} errorText={t("verifyEmail.invalid")} />;
}
