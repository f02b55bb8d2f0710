import type { Locale as PortalLocale } from "@/lib/i18n/locales";
import type { PortalMessages } from "@/lib/i18n/messages";

// next-intl 4 type augmentation: message keys and locales are checked at compile time.
declare module "next-intl" {
  interface AppConfig {
    Locale: PortalLocale;
    Messages: PortalMessages;
  }
}
