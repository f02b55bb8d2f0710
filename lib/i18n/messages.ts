import type { Locale } from "@/lib/i18n/locales";
import enAccount from "@/messages/en/account.json";
import enCommon from "@/messages/en/common.json";
import enLists from "@/messages/en/lists.json";
import enSubscriptionDialogs from "@/messages/en/subscriptionDialogs.json";
import enSubscriptions from "@/messages/en/subscriptions.json";
import esAccount from "@/messages/es/account.json";
import esCommon from "@/messages/es/common.json";
import esLists from "@/messages/es/lists.json";
import esSubscriptionDialogs from "@/messages/es/subscriptionDialogs.json";
import esSubscriptions from "@/messages/es/subscriptions.json";

/** The namespaces of every locale; English is the reference and the fallback. */
// One file per feature (spec 000 names common and subscriptions; lists and account were split off
// so that features grow their texts without touching each other's files).
export const namespaces = [
  "common",
  "lists",
  "account",
  "subscriptions",
  "subscriptionDialogs",
] as const;
export type Namespace = (typeof namespaces)[number];

export type PortalMessages = {
  common: typeof enCommon;
  lists: typeof enLists;
  account: typeof enAccount;
  subscriptions: typeof enSubscriptions;
  subscriptionDialogs: typeof enSubscriptionDialogs;
};

// A message is an ICU string, or (in a build: next.config.mjs precompiles the catalogues) the
// array icu-minify compiled it to; anything else is a namespace.
type Message = string | unknown[];
type Tree = { [key: string]: Message | Tree };

const isMessage = (value: unknown): value is Message =>
  typeof value === "string" || Array.isArray(value);

const catalog: Record<Locale, Record<Namespace, Tree>> = {
  en: {
    common: enCommon,
    lists: enLists,
    account: enAccount,
    subscriptions: enSubscriptions,
    subscriptionDialogs: enSubscriptionDialogs,
  },
  es: {
    common: esCommon,
    lists: esLists,
    account: esAccount,
    subscriptions: esSubscriptions,
    subscriptionDialogs: esSubscriptionDialogs,
  },
};

/** `override` laid over `base`, key by key; keys missing or of the wrong shape in `override` keep `base`. */
export function mergeMessages<T extends Tree>(base: T, override: Tree | undefined): T {
  const out: Tree = {};
  for (const [key, value] of Object.entries(base)) {
    const other = override?.[key];
    if (isMessage(value)) out[key] = isMessage(other) && other.length > 0 ? other : value;
    else
      out[key] = mergeMessages(
        value,
        typeof other === "object" && !isMessage(other) ? other : undefined,
      );
  }
  return out as T;
}

/** A locale's messages of every namespace, falling back to English for missing keys. */
export function getMessages(locale: Locale): PortalMessages {
  const english = catalog.en as PortalMessages;
  if (locale === "en") return english;
  const merged: Record<string, Tree> = {};
  for (const ns of namespaces) merged[ns] = mergeMessages(english[ns], catalog[locale]?.[ns]);
  return merged as PortalMessages;
}
