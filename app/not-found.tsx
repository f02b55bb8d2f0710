import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StatusScreen } from "@/components/errors/status-screen";
import { buttonVariants } from "@/components/ui/button";
import { pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("notFound.title")) };
}

// Unmatched paths and notFound(): HTTP 404.
export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <StatusScreen eyebrow={t("notFound.code")} title={t("notFound.message")}>
      {/* A plain link: this boundary is part of every page's code, next/link would be too. */}
      <a href="/portal" className={buttonVariants({ variant: "primary" })}>
        {t("notFound.home")}
      </a>
    </StatusScreen>
  );
}
