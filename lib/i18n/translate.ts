import { ApiError } from "@/lib/api-client";

type Values = Record<string, string | number>;

/** The loose shape of a next-intl translator bound to namespace `common`, for keys known only at run time. */
export type KeyTranslator = {
  (key: string, values?: Values): string;
  has(key: string): boolean;
};

const KEY_LIKE = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/** Translates a message key of `common` (e.g. a schema's error); text that is not a key is shown as it is. */
export function translateKey(
  t: KeyTranslator,
  key: string | undefined | null,
  values?: Values,
): string {
  if (!key) return t("errors.generic");
  if (t.has(key)) return t(key, values);
  return KEY_LIKE.test(key) ? t("errors.generic") : key;
}

/** Whole minutes until a rate limit frees up, at least 1. */
export function retryMinutes(retryAfterSeconds: number | null | undefined): number {
  if (
    typeof retryAfterSeconds !== "number" ||
    !Number.isFinite(retryAfterSeconds) ||
    retryAfterSeconds <= 0
  )
    return 1;
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * The text to show for a failed BFF call, the browser's one reading of the error vocabulary
 * (lib/http/errors.ts): the upstream's own words for the customer when the BFF passed them
 * (`detail`, the subscriptions' refusals); else, when the caller names a `fallback` (the action's
 * own "could not …" text), that; else the message key of `common` translated, or the server's own
 * text when it is not a key, or `errors.generic`. Network failures get `errors.network`.
 */
export function translateApiError(t: KeyTranslator, error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (fallback !== undefined) return fallback;
    return translateKey(t, error.message.trim(), { minutes: retryMinutes(error.retryAfter) });
  }
  if (fallback !== undefined) return fallback;
  if (error instanceof TypeError) return t("errors.network");
  return t("errors.generic");
}
