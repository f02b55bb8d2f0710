import { useTranslations } from "next-intl";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { ExclamationTriangleIcon } from "@/components/ui/icons/exclamation-triangle";
import { CompanyLogo } from "@/components/shell/company-logo";
import { Card } from "@/components/ui/card";
import type { PortalConfig } from "@/lib/portal-config-types";

/** The error page for an invalid, expired or used link (register, reset): 'Token Expired'. */
export function TokenExpired({
  portal,
  offerReset = false,
}: {
  portal: PortalConfig;
  offerReset?: boolean;
}) {
  const t = useTranslations("common");
  return (
    <div className="flex flex-col items-center gap-6">
      <CompanyLogo name={portal.name} logoUrl={portal.logoUrl} href="/portal/login" size="lg" />
      <Card raised className="w-full px-6 py-8 text-center sm:px-8">
        <span className="bg-danger-soft text-danger mx-auto grid size-12 place-items-center rounded-full">
          <ExclamationTriangleIcon className="size-6" />
        </span>
        <p className="text-muted-foreground mt-4 text-sm font-medium">{t("errorPage.title")}</p>
        <h1 className="text-foreground mt-1 text-2xl font-semibold tracking-tight">
          {t("errorPage.tokenExpired")}
        </h1>
        <p className="text-muted-foreground mt-3 text-sm leading-6">
          {t("errorPage.tokenExpiredText")}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {offerReset ? (
            <Link href="/portal/forgot-password" className={buttonVariants({ variant: "primary" })}>
              {t("errorPage.requestNewLink")}
            </Link>
          ) : null}
          <Link
            href="/portal/login"
            className={buttonVariants({ variant: offerReset ? "secondary" : "primary" })}
          >
            {t("errorPage.backToLogin")}
          </Link>
        </div>
      </Card>
    </div>
  );
}
