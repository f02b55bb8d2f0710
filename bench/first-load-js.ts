// First-load JavaScript: the gzip bytes of the scripts Chromium fetches to load a page, for the
// login page and the dashboard, against a bare page built with the same Next.js in the same run.
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { nextBin, root, runCommand } from "./processes";

/** Debian's Chromium, unless CHROME_PATH names another. */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** No calls home (there is no internet): the flags of playwright.config.ts, Lighthouse's too. */
export const QUIET_CHROME_FLAGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The launch options of playwright.config.ts: Debian's Chromium, no calls home (no internet). */
const launchOptions = { executablePath: CHROME_PATH, args: QUIET_CHROME_FLAGS };

export type ScriptBytes = {
  /** Encoded (transferred) body bytes of the scripts requested before the load event. */
  bytes: number;
  scripts: number;
  /** Scripts requested after the load event, until the network went idle (not counted above). */
  lateBytes: number;
  /** Content-Encoding values seen ("gzip" when the server compressed every script). */
  encodings: string[];
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/**
 * Loads `url` in a fresh context (empty cache) with the given cookies and sums the scripts'
 * transferred body sizes. Next.js gzips responses itself, so the sizes are gzip sizes; the
 * encodings are recorded to prove it.
 */
export async function measureScripts(
  browser: Browser,
  url: string,
  cookieHeader: string | null,
): Promise<ScriptBytes> {
  const context = await browser.newContext();
  try {
    if (cookieHeader) {
      await context.addCookies(
        cookieHeader.split(";").map((pair) => {
          const [name = "", ...rest] = pair.trim().split("=");
          return { name, value: rest.join("="), url };
        }),
      );
    }
    const page = await context.newPage();
    let loaded = false;
    page.once("load", () => {
      loaded = true;
    });
    const pending: Promise<void>[] = [];
    const out: ScriptBytes = { bytes: 0, scripts: 0, lateBytes: 0, encodings: [] };
    page.on("requestfinished", (request) => {
      if (request.resourceType() !== "script") return;
      const late = loaded;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.headerValue("content-encoding")) ?? "none";
          if (!out.encodings.includes(encoding)) out.encodings.push(encoding);
          if (late) out.lateBytes += sizes.responseBodySize;
          else {
            out.bytes += sizes.responseBodySize;
            out.scripts += 1;
          }
        })(),
      );
    });
    const res = await page.goto(url, { waitUntil: "load" });
    if (!res || res.status() !== 200)
      throw new Error(`${url} answered ${res?.status() ?? "nothing"} (final URL ${page.url()})`);
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    return out;
  } finally {
    await context.close();
  }
}

/** The bare app: one server-rendered page, no dependencies beyond next and react. */
export const bareAppDir = path.join(tmpdir(), "billing-portal-bench-bare-next");

/**
 * Writes and builds the bare app in a temp folder whose node_modules is a link to the repository's,
 * so it runs the very same next and react. Not under the repository: Turbopack takes the folder
 * holding the lockfile as its root and would pick up the portal's own instrumentation.ts. Its own
 * .next, so building it needs no lock.
 */
export async function buildBareApp(): Promise<void> {
  await rm(bareAppDir, { recursive: true, force: true });
  await mkdir(path.join(bareAppDir, "app"), { recursive: true });
  await symlink(path.join(root, "node_modules"), path.join(bareAppDir, "node_modules"), "dir");
  await writeFile(
    path.join(bareAppDir, "package.json"),
    `${JSON.stringify({ name: "bench-bare-next", private: true }, null, 2)}\n`,
  );
  // Turbopack's root must hold every file it reads: the app and, through the link, the repository.
  const common = commonAncestor(bareAppDir, root);
  await writeFile(
    path.join(bareAppDir, "next.config.mjs"),
    `export default { turbopack: { root: ${JSON.stringify(common)} } };\n`,
  );
  await writeFile(
    path.join(bareAppDir, "app", "layout.js"),
    `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  );
  await writeFile(
    path.join(bareAppDir, "app", "page.js"),
    `export default function Page() {
  return <main>Bare page</main>;
}
`,
  );
  const code = await runCommand(process.execPath, [nextBin, "build", bareAppDir], {
    NEXT_TELEMETRY_DISABLED: "1",
  });
  if (code !== 0) throw new Error(`next build of the bare app failed with code ${code}`);
}

function commonAncestor(a: string, b: string): string {
  const pa = path.resolve(a).split(path.sep);
  const pb = path.resolve(b).split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i += 1;
  return pa.slice(0, i).join(path.sep) || path.sep;
}
