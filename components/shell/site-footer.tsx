import { useTranslations } from "next-intl";
import { localeNames, locales } from "@/lib/i18n/locales";
import { LanguageSwitcher } from "./language-switcher";

/** The billing vendor's contact page, linked from the 'Powered by' logo. */
export const VENDOR_CONTACT_URL = "https://billing-vendor.example/contact";

/** 'Powered by' the vendor's logo (a contact link) and the language picker. */
export function SiteFooter() {
  const t = useTranslations("common");
  return (
    <footer className="border-border bg-background border-t">
      <div className="mx-auto flex w-full max-w-6xl flex-col-reverse items-center justify-between gap-4 px-4 py-5 sm:flex-row sm:px-6">
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <span>{t("shell.poweredBy")}</span>
          <a
            href={VENDOR_CONTACT_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-6 items-center rounded-md"
          >
            {/* A plain img: an SVG needs no optimising, and next/image would add its client code to every page. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src="/brand/vendor-logo.svg"
              alt={t("shell.vendorLogoAlt")}
              width={120}
              height={24}
              className="h-6 w-auto"
            />
            <span className="sr-only">{t("shell.newTab")}</span>
          </a>
        </p>
        {/* The names come from here (a server component), not with the picker's code. */}
        <LanguageSwitcher languages={locales.map((code) => ({ code, name: localeNames[code] }))} />
      </div>
    </footer>
  );
}
