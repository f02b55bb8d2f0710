import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginScreen, loginErrors, loginMessages, pickParam } from "@/components/auth/login-screen";
import { safeReturnPath } from "@/lib/return-path";
import { getSession } from "@/lib/session/session";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("login.title")) };
}

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const rawReturnTo = Array.isArray(params.returnTo) ? params.returnTo[0] : params.returnTo;
  // Signed-in visitors go back where they came from (checked here, not only in the proxy).
  if (await getSession()) redirect(safeReturnPath(rawReturnTo));
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  return (
    <LoginScreen
      portal={portal}
      message={pickParam(params.message, loginMessages)}
      error={pickParam(params.error, loginErrors)}
      returnTo={rawReturnTo && rawReturnTo.length <= 2048 ? rawReturnTo : undefined}
    />
  );
}
