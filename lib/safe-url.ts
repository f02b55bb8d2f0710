// Upstream URLs are untrusted (docs/SECURITY.md §9). Isomorphic and pure: the portal configuration is
// cleaned with it on the server, and components check again before they link or load a URL.

const UNSAFE_URL_CHARS = /[\\\s\u0000-\u001f\u007f]/;

/** An https URL or a same-origin path starting with a single "/"; anything else (http:, javascript:, //host) is null. */
export function safeLinkUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!v || v.length > 2048 || UNSAFE_URL_CHARS.test(v)) return null;
  if (v.startsWith("/")) return v.startsWith("//") ? null : v;
  try {
    const url = new URL(v);
    return url.protocol === "https:" && url.hostname && !url.username && !url.password
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/**
 * An upstream URL the portal may link to: https, or on the billing API's own origin (its signed
 * URLs, plain http in development); a path is resolved against that origin. Anything else
 * (javascript:, another http host, credentials in the URL) is null.
 */
export function safeUpstreamUrl(value: unknown, apiOrigin: string): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  if (!v || v.length > 2048 || UNSAFE_URL_CHARS.test(v) || v.startsWith("//")) return null;
  let origin: string | null = null;
  try {
    origin = new URL(apiOrigin).origin;
  } catch {
    origin = null;
  }
  let url: URL;
  try {
    if (v.startsWith("/")) {
      if (!origin) return null;
      url = new URL(v, origin);
    } else url = new URL(v);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return url.protocol === "https:" || url.origin === origin ? url.href : null;
}
