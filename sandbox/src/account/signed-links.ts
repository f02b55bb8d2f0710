/**
 * Signed, expiring links to the sandbox's hosted pages: `<origin><path>?expires=<unix s>&signature=<hmac>`,
 * HMAC-SHA256 over the path and the expiry (the same shape as the signed file URLs of CONTRACT §5).
 */
import { createHmac, hkdfSync } from "node:crypto";
import { safeEqual } from "../crypto";

/** How long a page link stays valid. The portal fetches fresh links on every page entry. */
export const LINK_TTL_SECONDS = 3600;

/**
 * The HMAC key, derived from the sandbox's configured secret (PUNCHOUT_KEY, required in
 * production) with HKDF, so one secret serves both purposes without the two keys being related.
 */
export function linkSigningKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "billing-sandbox", "signed page links", 32));
}

function signature(key: Buffer, path: string, expires: number): string {
  return createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");
}

/** An absolute URL of `path` on `origin`, valid for ttlSeconds from now (epoch ms). */
export function signedUrl(
  key: Buffer,
  origin: string,
  path: string,
  now: number,
  ttlSeconds = LINK_TTL_SECONDS,
): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(key, path, expires),
  });
  return `${origin}${path}?${query.toString()}`;
}

export type LinkCheck = "valid" | "expired" | "invalid";

/** Checks the signature first (a forged expiry must not read as merely "expired"), then the expiry. */
export function checkSignedPath(
  key: Buffer,
  path: string,
  query: URLSearchParams,
  now: number,
): LinkCheck {
  const expiresText = query.get("expires") ?? "";
  const given = query.get("signature") ?? "";
  if (!/^\d{1,12}$/.test(expiresText) || !given) return "invalid";
  const expires = Number(expiresText);
  if (!safeEqual(given, signature(key, path, expires))) return "invalid";
  return expires * 1000 > now ? "valid" : "expired";
}
