// Lighthouse 12 (npm `lighthouse`, used as a Node module), mobile preset (its default: a phone's
// screen and simulated throttling), on Debian's Chromium, three runs per page. Chromium is started
// here with a remote-debugging port; the session cookie is put into its default context through
// Playwright's connectOverCDP, and Lighthouse is handed the port. A cookie sent as a fixed header
// (`--extra-headers`) would be lost on a redirect that sets the cookie anew (the sliding session).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { CHROME_PATH, QUIET_CHROME_FLAGS } from "./first-load-js";

/** Lighthouse's own failures to record a run, which a second try usually does not repeat. */
const RETRIED_ERRORS = new Set(["NO_NAVSTART", "NO_FCP", "NO_LCP", "NO_TRACING_STARTED"]);

/** Runs per page; each figure is the median of the runs. */
export const LIGHTHOUSE_RUNS = 3;
/** Above this size a page keeps only its median run's report. */
const MAX_KEPT_REPORT_BYTES = 1_000_000;

/** Budgets of issue 11 §1 (scores 0–100). LCP's is checked on the applied-throttling runs (bench/README.md). */
export const LIGHTHOUSE_BUDGETS = {
  performance: { op: ">=", limit: 95 },
  accessibility: { op: ">=", limit: 100 },
  bestPractices: { op: ">=", limit: 100 },
  lcpMs: { op: "<=", limit: 1500 },
  tbtMs: { op: "<=", limit: 150 },
  cls: { op: "<=", limit: 0.02 },
} as const;

export type LighthouseMetric = keyof typeof LIGHTHOUSE_BUDGETS;

export type LighthouseFigures = Record<LighthouseMetric, number>;

export type FailedAudit = {
  category: "accessibility" | "best-practices";
  id: string;
  title: string;
  /** In how many of the runs it failed. */
  runs: number;
};

export type LighthousePage = {
  name: string;
  url: string;
  /** Median of each figure over the runs. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** The run whose report is the page's representative (median performance score). */
  medianRun: number;
  /** The URL the runs ended on (a redirect, or a URL the page replaced in the browser). */
  finalUrl: string;
  /** The URL of the document the browser rendered: not the requested one only after an HTTP redirect. */
  documentUrl: string;
  failedAudits: FailedAudit[];
  /** Report files kept, relative to the reports folder. */
  reports: string[];
  /** Lighthouse's own warnings of the median run. */
  warnings: string[];
  /** Lighthouse's benchmarkIndex of each run: a busy machine shows lower numbers. */
  benchmarkIndex: number[];
  /**
   * Per run, how many of the page's scripts the simulated LCP counts ("15/15"): every script whose
   * download ended before the observed paint, unless Lantern can show it ran after (see
   * scriptsInLcpGraph). Empty under applied throttling, which measures instead of simulating.
   */
  scriptsInLcpGraph: string[];
};

/** How Lighthouse slows the page: simulated from an unthrottled load (the preset) or applied. */
export type Throttling = "simulate" | "devtools";

type Lhr = {
  finalDisplayedUrl: string;
  mainDocumentUrl?: string;
  /** Lighthouse's measure of this machine's speed (lower: slower, or busy with other work). */
  environment: { benchmarkIndex: number };
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        numericValue?: number;
        details?: { items?: Record<string, unknown>[] };
      }
    | undefined
  >;
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function figuresOf(lhr: Lhr): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
  };
}

type GraphNode = {
  type: string;
  request?: { url: string; resourceType?: string };
  traverse(visit: (node: GraphNode) => void): void;
};

/**
 * The scripts Lantern put into the run's simulated LCP, out of the page's scripts. Lantern counts a
 * script that finished downloading before the observed LCP unless the task that first ran it
 * started after; tasks under 10 ms are pruned from its graph, so a small chunk that arrived in
 * time is always counted (the race bench/README.md "Latest figures", "How to read it", describes).
 */
async function scriptsInLcpGraph(
  artifacts: Record<string, unknown>,
  settings: unknown,
): Promise<string> {
  const result = (await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    } as unknown as Parameters<typeof LanternLargestContentfulPaint.request>[0],
    { computedCache: new Map() } as unknown as Parameters<
      typeof LanternLargestContentfulPaint.request
    >[1],
  )) as unknown as { optimisticGraph: GraphNode };
  const inGraph = new Set<string>();
  result.optimisticGraph.traverse((node) => {
    if (node.type === "network" && node.request?.resourceType === "Script")
      inGraph.add(node.request.url);
  });
  const all = (artifacts.DevtoolsLog as { method: string; params: Record<string, unknown> }[])
    .filter((e) => e.method === "Network.requestWillBeSent" && e.params.type === "Script")
    .map((e) => (e.params.request as { url: string }).url);
  return `${inGraph.size}/${new Set(all).size}`;
}

/** Audits of the accessibility and best-practices categories that did not pass. */
function failedAuditsOf(lhr: Lhr): Omit<FailedAudit, "runs">[] {
  const out: Omit<FailedAudit, "runs">[] = [];
  for (const category of ["accessibility", "best-practices"] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      // inspector-issues names its kinds of issue ("Content security policy"): say which.
      const kinds = (audit.details?.items ?? [])
        .map((item) => item.issueType)
        .filter((t): t is string => typeof t === "string");
      out.push({
        category,
        id: kinds.length ? `${audit.id} [${[...new Set(kinds)].join("; ")}]` : audit.id,
        title: audit.title,
      });
    }
  }
  return out;
}

type Chrome = { port: number; stop(): Promise<void> };

/** Debian's Chromium, headless, with a remote-debugging port chosen by Chromium itself. */
async function launchChrome(): Promise<Chrome> {
  const profile = await mkdtemp(path.join(tmpdir(), "bench-lighthouse-chrome-"));
  const child: ChildProcess = spawn(
    CHROME_PATH,
    [
      "--headless=new",
      "--no-sandbox",
      ...QUIET_CHROME_FLAGS,
      // chrome-launcher's defaults, as the Lighthouse CLI would start it.
      "--disable-extensions",
      "--disable-default-apps",
      "--mute-audio",
      "--no-default-browser-check",
      "--disable-background-timer-throttling",
      "--disable-backgrounding-occluded-windows",
      "--disable-renderer-backgrounding",
      "--disable-hang-monitor",
      "--disable-ipc-flooding-protection",
      "--disable-prompt-on-repost",
      "--disable-client-side-phishing-detection",
      "--disable-domain-reliability",
      "--metrics-recording-only",
      "--password-store=basic",
      "--use-mock-keychain",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stderr = "";
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port in 30 s: ${stderr.slice(-400)}`)),
      30_000,
    );
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}): ${stderr.slice(-400)}`));
    });
  });
  return {
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
        const timer = setTimeout(() => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
          } catch {
            // already gone
          }
        }, 5_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Puts the `Cookie` header's pairs into the browser's default context, for `url`'s site. */
async function addCookies(port: number, cookieHeader: string, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("Chromium has no default context");
    await context.addCookies(
      cookieHeader.split(";").map((pair) => {
        const [name = "", ...rest] = pair.trim().split("=");
        return { name, value: rest.join("="), url };
      }),
    );
  } finally {
    // Over CDP, close() only disconnects: the browser and its cookies stay.
    await browser.close();
  }
}

/**
 * Three Lighthouse runs of each page, round by round (login, dashboard, account, then again) so a
 * burst of load from elsewhere spreads over the pages. Pages with `signedIn` run in a browser that
 * holds the session cookie, set once (Lighthouse clears caches and service workers between runs,
 * not cookies); the others in a second browser without it. Every report is written to
 * `outDir/<page>-<n>.json`; when each of a page's reports is above 1 MB, only its median run's
 * report is kept.
 */
export async function measureLighthouse(
  pages: { name: string; url: string; signedIn: boolean }[],
  cookieHeader: string,
  outDir: string,
  throttling: Throttling = "simulate",
): Promise<LighthousePage[]> {
  await mkdir(outDir, { recursive: true });
  for (const file of await readdir(outDir))
    if (file.endsWith(".json")) await rm(path.join(outDir, file));
  const lhrs = new Map<string, Lhr[]>(pages.map((p) => [p.name, []]));
  const graphs = new Map<string, string[]>(pages.map((p) => [p.name, []]));
  // Two browsers: the sign-in page sends a signed-in visitor on to the dashboard, so it is
  // measured in a browser that never had the cookie.
  const browsers: { signedIn: boolean; chrome: Chrome }[] = [];
  try {
    for (const signedIn of new Set(pages.map((p) => p.signedIn))) {
      const chrome = await launchChrome();
      browsers.push({ signedIn, chrome });
      const first = pages.find((p) => p.signedIn === signedIn);
      if (signedIn && first) await addCookies(chrome.port, cookieHeader, first.url);
    }
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      for (const page of pages) {
        const chrome = browsers.find((b) => b.signedIn === page.signedIn)?.chrome;
        if (!chrome) throw new Error("no browser");
        // Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP on a busy
        // machine); such a run says nothing about the page, so it is run again, twice at most.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(page.url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories:
              throttling === "simulate"
                ? ["performance", "accessibility", "best-practices"]
                : ["performance"],
            throttlingMethod: throttling,
          });
          const error = (result?.lhr as unknown as Lhr | undefined)?.runtimeError;
          if (!error || attempt > 2 || !RETRIED_ERRORS.has(error.code)) break;
          console.log(`  ${page.name} #${run}: ${error.code}, running it again`);
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        const lhr = result.lhr as unknown as Lhr;
        if (lhr.runtimeError)
          throw new Error(
            `Lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
        const report = Array.isArray(result.report) ? result.report.join("") : result.report;
        await writeFile(path.join(outDir, `${page.name}-${run}.json`), report);
        lhrs.get(page.name)?.push(lhr);
        const inGraph =
          throttling === "simulate"
            ? await scriptsInLcpGraph(
                result.artifacts as unknown as Record<string, unknown>,
                (lhr as unknown as { configSettings: unknown }).configSettings,
              ).catch((err: unknown) => `? (${err instanceof Error ? err.message : String(err)})`)
            : null;
        if (inGraph !== null) graphs.get(page.name)?.push(inGraph);
        const f = figuresOf(lhr);
        console.log(
          throttling === "simulate"
            ? `  ${page.name} #${run}: performance ${f.performance}, accessibility ${f.accessibility}, best practices ${f.bestPractices}, LCP ${f.lcpMs} ms (scripts in its graph: ${inGraph}), TBT ${f.tbtMs} ms, CLS ${f.cls} (benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`
            : `  ${page.name} #${run}, applied throttling: LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms (benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`,
        );
      }
    }
  } finally {
    await Promise.all(browsers.map((b) => b.chrome.stop()));
  }

  const out: LighthousePage[] = [];
  for (const page of pages) {
    const runs = lhrs.get(page.name) ?? [];
    const figures = runs.map(figuresOf);
    const med = Object.fromEntries(
      (Object.keys(LIGHTHOUSE_BUDGETS) as LighthouseMetric[]).map((k) => [
        k,
        median(figures.map((f) => f[k])),
      ]),
    ) as LighthouseFigures;
    // The representative run: the one with the median performance score (first such run).
    const medianRun =
      figures.findIndex((f) => f.performance === med.performance) + 1 || Math.ceil(runs.length / 2);
    const failed = new Map<string, FailedAudit>();
    for (const lhr of runs)
      for (const a of failedAuditsOf(lhr)) {
        const key = `${a.category}/${a.id}`;
        const seen = failed.get(key);
        failed.set(key, seen ? { ...seen, runs: seen.runs + 1 } : { ...a, runs: 1 });
      }
    let reports = runs.map((_, i) => `${page.name}-${i + 1}.json`);
    const sizes = await Promise.all(
      reports.map(async (f) => (await stat(path.join(outDir, f))).size),
    );
    if (sizes.every((s) => s > MAX_KEPT_REPORT_BYTES)) {
      for (const f of reports)
        if (f !== `${page.name}-${medianRun}.json`) await rm(path.join(outDir, f));
      reports = [`${page.name}-${medianRun}.json`];
    }
    const representative = runs[medianRun - 1];
    out.push({
      name: page.name,
      url: page.url,
      median: med,
      runs: figures,
      medianRun,
      finalUrl: representative?.finalDisplayedUrl ?? page.url,
      documentUrl: representative?.mainDocumentUrl ?? page.url,
      failedAudits: [...failed.values()],
      reports,
      warnings: representative?.runWarnings ?? [],
      benchmarkIndex: runs.map((r) => Math.round(r.environment.benchmarkIndex)),
      scriptsInLcpGraph: graphs.get(page.name) ?? [],
    });
  }
  return out;
}
