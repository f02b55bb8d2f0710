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
