import "server-only";
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
import frAccount from "@/messages/fr/account.json";
import frCommon from "@/messages/fr/common.json";
import frLists from "@/messages/fr/lists.json";
import frSubscriptionDialogs from "@/messages/fr/subscriptionDialogs.json";
import frSubscriptions from "@/messages/fr/subscriptions.json";
import deAccount from "@/messages/de/account.json";
import deCommon from "@/messages/de/common.json";
import deLists from "@/messages/de/lists.json";
import deSubscriptionDialogs from "@/messages/de/subscriptionDialogs.json";
import deSubscriptions from "@/messages/de/subscriptions.json";
import itAccount from "@/messages/it/account.json";
import itCommon from "@/messages/it/common.json";
import itLists from "@/messages/it/lists.json";
import itSubscriptionDialogs from "@/messages/it/subscriptionDialogs.json";
import itSubscriptions from "@/messages/it/subscriptions.json";
import ptBRAccount from "@/messages/pt-BR/account.json";
import ptBRCommon from "@/messages/pt-BR/common.json";
import ptBRLists from "@/messages/pt-BR/lists.json";
import ptBRSubscriptionDialogs from "@/messages/pt-BR/subscriptionDialogs.json";
import ptBRSubscriptions from "@/messages/pt-BR/subscriptions.json";
import nlAccount from "@/messages/nl/account.json";
import nlCommon from "@/messages/nl/common.json";
import nlLists from "@/messages/nl/lists.json";
import nlSubscriptionDialogs from "@/messages/nl/subscriptionDialogs.json";
import nlSubscriptions from "@/messages/nl/subscriptions.json";
import jaAccount from "@/messages/ja/account.json";
import jaCommon from "@/messages/ja/common.json";
import jaLists from "@/messages/ja/lists.json";
import jaSubscriptionDialogs from "@/messages/ja/subscriptionDialogs.json";
import jaSubscriptions from "@/messages/ja/subscriptions.json";
import zhCNAccount from "@/messages/zh-CN/account.json";
import zhCNCommon from "@/messages/zh-CN/common.json";
import zhCNLists from "@/messages/zh-CN/lists.json";
import zhCNSubscriptionDialogs from "@/messages/zh-CN/subscriptionDialogs.json";
import zhCNSubscriptions from "@/messages/zh-CN/subscriptions.json";
import arAccount from "@/messages/ar/account.json";
import arCommon from "@/messages/ar/common.json";
import arLists from "@/messages/ar/lists.json";
import arSubscriptionDialogs from "@/messages/ar/subscriptionDialogs.json";
import arSubscriptions from "@/messages/ar/subscriptions.json";

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
  fr: {
    common: frCommon,
    lists: frLists,
    account: frAccount,
    subscriptions: frSubscriptions,
    subscriptionDialogs: frSubscriptionDialogs,
  },
  de: {
    common: deCommon,
    lists: deLists,
    account: deAccount,
    subscriptions: deSubscriptions,
    subscriptionDialogs: deSubscriptionDialogs,
  },
  it: {
    common: itCommon,
    lists: itLists,
    account: itAccount,
    subscriptions: itSubscriptions,
    subscriptionDialogs: itSubscriptionDialogs,
  },
  "pt-BR": {
    common: ptBRCommon,
    lists: ptBRLists,
    account: ptBRAccount,
    subscriptions: ptBRSubscriptions,
    subscriptionDialogs: ptBRSubscriptionDialogs,
  },
  nl: {
    common: nlCommon,
    lists: nlLists,
    account: nlAccount,
    subscriptions: nlSubscriptions,
    subscriptionDialogs: nlSubscriptionDialogs,
  },
  ja: {
    common: jaCommon,
    lists: jaLists,
    account: jaAccount,
    subscriptions: jaSubscriptions,
    subscriptionDialogs: jaSubscriptionDialogs,
  },
  "zh-CN": {
    common: zhCNCommon,
    lists: zhCNLists,
    account: zhCNAccount,
    subscriptions: zhCNSubscriptions,
    subscriptionDialogs: zhCNSubscriptionDialogs,
  },
  ar: {
    common: arCommon,
    lists: arLists,
    account: arAccount,
    subscriptions: arSubscriptions,
    subscriptionDialogs: arSubscriptionDialogs,
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
