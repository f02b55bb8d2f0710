import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppShell } from "@/components/shell/app-shell";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { getCurrentPortal, loadShell, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("account.title")) };
}

export default async function AccountPage() {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const shell = await loadShell("/portal/account");
  const t = await getTranslations("common");
  return (
    <AppShell portal={portal} shell={shell}>
      <PagePlaceholder title={t("account.title")} text={t("account.placeholder")} />
    </AppShell>
  );
}
