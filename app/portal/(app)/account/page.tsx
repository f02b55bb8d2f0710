import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PagePlaceholder } from "@/components/shell/page-placeholder";
import { pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("account.title")) };
}

export default async function AccountPage() {
  const t = await getTranslations("common");
  return <PagePlaceholder title={t("account.title")} text={t("account.placeholder")} />;
}
