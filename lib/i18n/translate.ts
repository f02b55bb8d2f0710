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
 * The text to show for a failed BFF call: its message when it is a key of `common`, else the
 * server's own text, else `errors.generic`. Network failures get `errors.network`.
 */
export function translateApiError(t: KeyTranslator, error: unknown): string {
  if (error instanceof ApiError) {
    return translateKey(t, error.message.trim(), { minutes: retryMinutes(error.retryAfter) });
  }
  if (error instanceof TypeError) return t("errors.network");
  return t("errors.generic");
}
