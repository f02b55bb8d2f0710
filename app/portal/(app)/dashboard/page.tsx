import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("dashboard.title")) };
}

export default async function DashboardPage() {
  const t = await getTranslations("common");
  return <PagePlaceholder title={t("dashboard.title")} text={t("dashboard.placeholder")} />;
}
