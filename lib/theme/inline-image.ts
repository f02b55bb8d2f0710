import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

// A company image the portal serves itself (public/brand/…) and that is small enough is written
// into the page as a data: URL instead of being fetched: the sign-in band is the largest thing
// those pages paint, and on a phone's 4G a small banner fetched beside the page's scripts arrived
// long after the stylesheet (issue 11's LCP; bench/README.md, "The sign-in band"). Larger or remote
// images stay URLs (preloaded).

/** Images up to this size are inlined (what bundlers inline by default: Vite's 4 kB). */
export const INLINE_IMAGE_MAX_BYTES = 4096;

const BRAND_PATH = /^\/brand\/[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|webp|jpe?g)$/;
const TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

// Per path, for the life of the process: public/ does not change while the portal runs.
const cache = new Map<string, Promise<string | null>>();

async function load(url: string): Promise<string | null> {
  const match = BRAND_PATH.exec(url);
  if (!match) return null;
  try {
    const bytes = await readFile(path.join(process.cwd(), "public", url));
    if (bytes.length > INLINE_IMAGE_MAX_BYTES) return null;
    return `data:${TYPES[match[1]!.toLowerCase()]};base64,${bytes.toString("base64")}`;
  } catch {
    return null;
  }
}

/** The image as a data: URL when it is one of the portal's own small brand files, else null. */
export function inlineBrandImage(url: string): Promise<string | null> {
  let entry = cache.get(url);
  if (!entry) {
    entry = load(url);
    cache.set(url, entry);
  }
  return entry;
}
