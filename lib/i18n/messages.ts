import "server-only";
import type { Locale } from "@/lib/i18n/locales";
import account from "@/messages/en/account.json";
import common from "@/messages/en/common.json";
import lists from "@/messages/en/lists.json";
import periods from "@/messages/en/periods.json";
import subscriptionDialogs from "@/messages/en/subscriptionDialogs.json";
import subscriptions from "@/messages/en/subscriptions.json";

// The catalogue is the locales × namespaces table of files messages/<locale>/<namespace>.json.
// English is the reference and the fallback: its files are imported here, so they type the
// messages and name the namespaces. A new namespace is its English import and its entry in
// `english`, with a file beside it in every locale; a new locale needs nothing here.
// One file per feature (spec 000 names common and subscriptions; lists and account were split off
// so that features grow their texts without touching each other's files).
const english = { common, lists, account, subscriptions, subscriptionDialogs, periods };

export type PortalMessages = typeof english;
export type Namespace = keyof PortalMessages;

/** The namespaces of every locale. */
export const namespaces = Object.keys(english) as Namespace[];

/**
 * Namespaces only server components read (the dashboard's "This period" card): the signed-in
 * frame leaves them out of what it hands the browser, so they cost the page's HTML nothing.
 */
const SERVER_ONLY: readonly Namespace[] = ["periods"];

/** The messages the browser needs: every namespace but the server-only ones. */
export function clientMessages<M extends object>(messages: M): M {
  const out: Record<string, unknown> = { ...(messages as Record<string, unknown>) };
  for (const namespace of SERVER_ONLY) delete out[namespace];
  return out as M;
}

// A message is an ICU string, or (in a build: next.config.mjs precompiles the catalogues) the
// array icu-minify compiled it to; anything else is a namespace.
type Message = string | unknown[];
type Tree = { [key: string]: Message | Tree };

const isMessage = (value: unknown): value is Message =>
  typeof value === "string" || Array.isArray(value);

// One template, not an import per file: the bundler resolves it at build time to every
// messages/<locale>/<namespace>.json (each precompiled like the English ones), and a request
// loads its own locale's files only.
async function load(locale: Locale, namespace: Namespace): Promise<Tree> {
  const file = (await import(`../../messages/${locale}/${namespace}.json`)) as { default: Tree };
  return file.default;
}

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

async function merged(locale: Locale): Promise<PortalMessages> {
  const own = await Promise.all(namespaces.map((namespace) => load(locale, namespace)));
  const out: Record<string, Tree> = {};
  namespaces.forEach((namespace, index) => {
    out[namespace] = mergeMessages(english[namespace], own[index]);
  });
  return out as PortalMessages;
}

// The files never change while the process runs: each locale is merged once, not per request.
const byLocale = new Map<Locale, Promise<PortalMessages>>();

/** A locale's messages of every namespace, falling back to English for missing keys. */
export function getMessages(locale: Locale): Promise<PortalMessages> {
  if (locale === "en") return Promise.resolve(english);
  let messages = byLocale.get(locale);
  if (!messages) {
    messages = merged(locale);
    byLocale.set(locale, messages);
    // A failed load is not kept: the next request tries again.
    messages.catch(() => byLocale.delete(locale));
  }
  return messages;
}
