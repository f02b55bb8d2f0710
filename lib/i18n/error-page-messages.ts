// The crash page's texts (app/global-error.tsx): the common namespace of one locale, fetched when
// the page shows (the whole catalogue of all ten locales would be half a megabyte on a phone that
// has just seen the portal fail).
import type enCommon from "@/messages/en/common.json";
import type { Locale } from "./locales";

export type CommonMessages = typeof enCommon;

const loaders: Record<Locale, () => Promise<{ default: CommonMessages }>> = {
  en: () => import("@/messages/en/common.json"),
  es: () => import("@/messages/es/common.json"),
  fr: () => import("@/messages/fr/common.json"),
  de: () => import("@/messages/de/common.json"),
  it: () => import("@/messages/it/common.json"),
  "pt-BR": () => import("@/messages/pt-BR/common.json"),
  nl: () => import("@/messages/nl/common.json"),
  ja: () => import("@/messages/ja/common.json"),
  "zh-CN": () => import("@/messages/zh-CN/common.json"),
  ar: () => import("@/messages/ar/common.json"),
};

const loaded = new Map<Locale, Promise<CommonMessages>>();

/** The locale's common messages; one request per locale, the same promise after (for `use`). */
export function commonMessages(locale: Locale): Promise<CommonMessages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = loaders[locale]().then((module) => module.default);
    loaded.set(locale, messages);
  }
  return messages;
}
