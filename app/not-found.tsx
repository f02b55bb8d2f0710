import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoPortal } from "@/components/errors/no-portal";
import { StatusScreen } from "@/components/errors/status-screen";
import { buttonVariants } from "@/components/ui/button";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: await pageTitle(t("notFound.title")) };
}

// Unmatched paths and notFound(): HTTP 404. On a host without a portal every page ends here
// (the route groups' layouts call notFound()), and says so.
export default async function NotFound() {
  const [t, portal] = await Promise.all([getTranslations("common"), getCurrentPortal()]);
  if (!portal) return <NoPortal />;
  return (
    <StatusScreen eyebrow={t("notFound.code")} title={t("notFound.message")}>
      {/* A plain link: this boundary is part of every page's code, next/link would be too. */}
      <a href="/portal" className={buttonVariants({ variant: "primary" })}>
        {t("notFound.home")}
      </a>
    </StatusScreen>
  );
}
