/**
 * The doubles' browser code: TypeScript under ./browser, bundled by esbuild on first request (or by
 * warmUpProviderDoubles at start) and kept in memory. The HTML shells are static files next to it.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const BROWSER_DIR = fileURLToPath(new URL("./browser/", import.meta.url));

export const BUNDLES = {
  stripeJs: "stripe-js.ts",
  stripeCardFrame: "stripe-card-frame.ts",
  cardConnectTokenizer: "cardconnect-tokenizer.ts",
  stripeMicrodeposits: "stripe-microdeposits.ts",
} as const;
export type BundleName = keyof typeof BUNDLES;

export const PAGES = {
  stripeCardFrame: "stripe-card-frame.html",
  cardConnectTokenizer: "cardconnect-tokenizer.html",
  stripeMicrodeposits: "stripe-microdeposits.html",
} as const;
export type PageName = keyof typeof PAGES;

const BANNER =
  "/* Provider test double served by the billing sandbox (demo and test mode only). */";

const bundles = new Map<BundleName, Promise<string>>();
const pages = new Map<PageName, Promise<string>>();

function cached<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
    // A failed build is retried on the next request instead of being served forever.
    value.catch(() => cache.delete(key));
  }
  return value;
}

/** The bundled script of a double (an IIFE for a classic <script>). */
export function browserBundle(name: BundleName): Promise<string> {
  return cached(bundles, name, async () => {
    const result = await build({
      entryPoints: [`${BROWSER_DIR}${BUNDLES[name]}`],
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      target: ["es2020"],
      charset: "utf8",
      legalComments: "none",
      logLevel: "silent",
      banner: { js: BANNER },
    });
    const file = result.outputFiles[0];
    if (!file) throw new Error(`esbuild produced no output for ${BUNDLES[name]}`);
    return file.text;
  });
}

/** The static HTML shell of a frame. */
export function framePage(name: PageName): Promise<string> {
  return cached(pages, name, () => readFile(`${BROWSER_DIR}${PAGES[name]}`, "utf8"));
}

/** Builds every bundle now, so the first page that needs one does not wait for a build. */
export async function warmUpProviderDoubles(): Promise<void> {
  await Promise.all([
    ...(Object.keys(BUNDLES) as BundleName[]).map(browserBundle),
    ...(Object.keys(PAGES) as PageName[]).map(framePage),
  ]);
}
