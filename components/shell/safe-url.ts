/**
 * Whether an upstream URL may be linked or loaded: https, or a path on our own origin
 * (SECURITY.md §9). Protocol-relative and backslash tricks are refused.
 */
export function isSafeUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.includes("\\");
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
