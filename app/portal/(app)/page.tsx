import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("portalHome.title")) };
}

// /portal: the portal configuration placeholder (login required; after sign-in, back to the dashboard).
export default async function PortalHomePage() {
  const t = await getTranslations("common");
  return <PagePlaceholder title={t("portalHome.title")} text={t("portalHome.placeholder")} />;
}
