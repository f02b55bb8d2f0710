import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AppShell } from "@/components/shell/app-shell";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { getCurrentPortal, loadShell, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("portalHome.title")) };
}

// /portal: the portal configuration placeholder (login required; after sign-in, back to the dashboard).
export default async function PortalHomePage() {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const shell = await loadShell("/portal/dashboard");
  const t = await getTranslations("common");
  return (
    <AppShell portal={portal} shell={shell}>
      <PagePlaceholder title={t("portalHome.title")} text={t("portalHome.placeholder")} />
    </AppShell>
  );
}
