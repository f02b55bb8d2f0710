import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { CSSProperties, ReactNode } from "react";
import { Toaster } from "@/components/feedback/toaster";
import { GlobalLoadingProvider, LoadingOverlay } from "@/components/shell/global-loading";
import { SiteFooter } from "@/components/shell/site-footer";
import { directionOf } from "@/lib/i18n/locales";
import { getCurrentPortal } from "@/lib/shell";
import { WHITE } from "@/lib/theme/contrast";
import { themeStyle } from "@/lib/theme/theme";
import "./globals.css";

// Inter (variable, latin), bundled: no font CDN. Not preloaded: on a phone's 4G it shared the
// first round trips with the stylesheet, which the first paint waits for, while the text paints
// in the size-matched fallback either way (the font came after the paint even preloaded).
// Requested by the stylesheet instead, the page paints sooner (bench/README.md, "The web font is
// not preloaded", has the figures).
const inter = localFont({
  src: "./fonts/inter-latin-wght-normal.woff2",
  weight: "100 900",
  display: "swap",
  preload: false,
  variable: "--font-inter",
});

export async function generateMetadata(): Promise<Metadata> {
  const [portal, t] = await Promise.all([getCurrentPortal(), getTranslations("common")]);
  const name = portal?.name;
  return {
    // Page titles read "Sign in · Acme Water".
    title: name
      ? { template: `%s · ${name}`, default: name }
      : { template: "%s", default: t("noPortal.title") },
    applicationName: name ?? t("app.portal"),
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = { themeColor: WHITE, colorScheme: "light" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [portal, locale, t, messages] = await Promise.all([
    getCurrentPortal(),
    getLocale(),
    getTranslations("common"),
    getMessages(),
  ]);
  return (
    <html
      lang={locale}
      dir={directionOf(locale)}
      className={inter.variable}
      style={themeStyle(portal) as CSSProperties}
    >
      <body className="flex min-h-dvh flex-col">
        {/* Only the active locale's common texts; the signed-in frame adds its feature namespaces. */}
        <NextIntlClientProvider messages={{ common: messages.common }}>
          <GlobalLoadingProvider>
            <a
              href="#main"
              className="bg-background text-primary sr-only z-50 rounded-md px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
            >
              {t("app.skipToContent")}
            </a>
            {/* A host without a portal: the route groups' layouts call notFound(), and the
                not-found page says there is no portal here, with a 404. */}
            <div className="flex flex-1 flex-col">{children}</div>
            <SiteFooter />
            <Toaster />
            <LoadingOverlay />
          </GlobalLoadingProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
