import type { Locale } from "@/lib/schemas/auth";
import enCommon from "@/messages/en/common.json";
import enSubscriptions from "@/messages/en/subscriptions.json";
import esCommon from "@/messages/es/common.json";
import esSubscriptions from "@/messages/es/subscriptions.json";

/** The namespaces of every locale; English is the reference and the fallback. */
export const namespaces = ["common", "subscriptions"] as const;
export type Namespace = (typeof namespaces)[number];

export type PortalMessages = { common: typeof enCommon; subscriptions: typeof enSubscriptions };

type Tree = { [key: string]: string | Tree };

const catalog: Record<Locale, Record<Namespace, Tree>> = {
  en: { common: enCommon, subscriptions: enSubscriptions },
  es: { common: esCommon, subscriptions: esSubscriptions },
};

/** `override` laid over `base`, key by key; keys missing or of the wrong shape in `override` keep `base`. */
export function mergeMessages<T extends Tree>(base: T, override: Tree | undefined): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(base)) {
    const other = override?.[key];
    if (typeof value === "string")
      out[key] = typeof other === "string" && other !== "" ? other : value;
    else out[key] = mergeMessages(value, typeof other === "object" ? other : undefined);
  }
  return out as T;
}

/** A locale's messages of every namespace, falling back to English for missing keys. */
export function getMessages(locale: Locale): PortalMessages {
  const english = catalog.en as PortalMessages;
  if (locale === "en") return english;
  return {
    common: mergeMessages(english.common, catalog[locale]?.common),
    subscriptions: mergeMessages(english.subscriptions, catalog[locale]?.subscriptions),
  };
}
