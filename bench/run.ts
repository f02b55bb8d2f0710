// npm run bench – the budgets of issue 5 §5 and issue 11 §1 at 1,000,000 usages: list latency
// direct and through the BFF, the dashboard's server render, a full XLSX export, first-load
// JavaScript against a bare Next.js page and Lighthouse (mobile) on login, dashboard and account.
// Flags and figures: bench/README.md.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureSystemPackages, startPostgres } from "../scripts/fleet-lib.mjs";
import { measureAccountScripts } from "./account-js";
import { measureAggregate } from "./aggregate";
import { measureDashboard } from "./dashboard";
import { measureExport, measureExportDownload } from "./export";
import {
  bareAppDir,
  buildBareApp,
  launchBrowser,
  measureScripts,
  type ScriptBytes,
} from "./first-load-js";
import { portalLogin, sandboxLogin } from "./http";
import {
  LIGHTHOUSE_BUDGETS,
  LIGHTHOUSE_RUNS,
  measureLighthouse,
  type LighthouseMetric,
  type LighthousePage,
} from "./lighthouse";
import {
  compareBff,
  directUrl,
  measureDirect,
  probeDirect,
  scenarios,
  UNFILTERED,
  type DirectProbe,
} from "./lists";
import {
  acquireBuildLock,
  assertPortFree,
  nextBin,
  root,
  runCommand,
  startNext,
  startPortal,
  startSandbox,
  stopAll,
  waitForHttp,
} from "./processes";
import {
  flatKeys,
  machine,
  measured,
  printTable,
  unmeasured,
  writeResults,
  type Figure,
  type Results,
} from "./report";
import { benchSchema, ensureBenchData, ensurePostgresBenchData } from "./seed";

const PARTS = ["direct", "postgres", "export", "bff", "dashboard", "js", "lighthouse"] as const;
type Part = (typeof PARTS)[number];

const LOG_DIR = path.join(root, ".data", "bench", "logs");
const RESULTS_DIR = path.join(root, "bench", "results");

/**
 * Issue 11 §1: first-load JS of each page over the bare page's; issue 32 raised the dashboard's to
 * 1.55 (row selection is first-paint code). What loads when a dialog opens ("account + add
 * dialog") is printed apart, without a budget.
 */
const JS_RATIO_BUDGETS: Record<string, number> = { login: 1.2, dashboard: 1.55, account: 1.5 };

/** The pages Lighthouse measures; dashboard and account signed in. The dashboard's URL as it is. */
const LIGHTHOUSE_PAGES = [
  { name: "login", path: "/portal/login", signedIn: false },
  { name: "dashboard", path: "/portal/dashboard", signedIn: true },
  { name: "account", path: "/portal/account", signedIn: true },
] as const;

const LIGHTHOUSE_LABELS: Record<LighthouseMetric, { label: string; unit: string }> = {
  performance: { label: "performance", unit: "score" },
  accessibility: { label: "accessibility", unit: "score" },
  bestPractices: { label: "best practices", unit: "score" },
  lcpMs: { label: "LCP", unit: "ms" },
  tbtMs: { label: "TBT", unit: "ms" },
  cls: { label: "CLS", unit: "CLS" },
};

/** The bare page's Lighthouse figures: a reference for the portal's, with no budget. */
function bareLighthouseFigures(result: LighthousePage[] | string): Figure[] {
  const page = typeof result === "string" ? null : result[0];
  return (["performance", "lcpMs", "tbtMs"] as const).map((metric) => {
    const { label, unit } = LIGHTHOUSE_LABELS[metric];
    const base = {
      group: "lighthouse" as const,
      name: `bare Next.js page: ${label} (median of ${LIGHTHOUSE_RUNS}, reference)`,
      unit,
      key: `lighthouse.bare.${metric}`,
    };
    if (!page) return unmeasured(base, "failed", typeof result === "string" ? result : "none");
    return measured({
      ...base,
      value: page.median[metric],
      details: {
        runs: page.runs.map((r) => r[metric]).join(", "),
        ...(metric === "lcpMs" ? { scriptsInLcpGraph: page.scriptsInLcpGraph.join(", ") } : {}),
      },
    });
  });
}

/**
 * LCP with applied throttling (Chromium itself slowed to the preset's 4G and 4x CPU while the page
 * loads): what a phone sees, not a race between the first frame and scripts served from the same
 * machine. The LCP budget is checked here (bench/README.md, "Why LCP is budgeted with applied
 * throttling"); the bare page's figure is a reference.
 */
function appliedLcpFigures(names: string[], result: LighthousePage[] | string): Figure[] {
  const { op, limit } = LIGHTHOUSE_BUDGETS.lcpMs;
  return names.map((name) => {
    const page = typeof result === "string" ? null : result.find((p) => p.name === name);
    const bare = name === "bare";
    const base = {
      group: "lighthouse" as const,
      name: `${bare ? "bare Next.js page" : name}: LCP with applied throttling (median of ${LIGHTHOUSE_RUNS}${bare ? ", reference" : ""})`,
      unit: "ms",
      key: `lighthouseApplied.${name}.lcpMs`,
      ...(bare ? {} : { budget: { metric: "value" as const, op, limit } }),
    };
    if (!page) return unmeasured(base, "failed", typeof result === "string" ? result : "none");
    return measured({
      ...base,
      value: page.median.lcpMs,
      details: {
        runs: page.runs.map((r) => r.lcpMs).join(", "),
        reportsKept: page.reports.map((f) => `lighthouse/applied/${f}`).join(","),
      },
    });
  });
}

function options() {
  const { values } = parseArgs({
    options: {
      usages: { type: "string", default: "1000000" },
      fresh: { type: "boolean", default: false },
      build: { type: "boolean", default: false },
      samples: { type: "string", default: "30" },
      connections: { type: "string", default: "4" },
      seconds: { type: "string", default: "10" },
      "dashboard-requests": { type: "string", default: "20" },
      skip: { type: "string", default: "" },
      out: { type: "string", default: RESULTS_DIR },
      // Apart from the e2e pair (3100/4110) and the demo (3000/4010).
      "portal-port": { type: "string", default: "3300" },
      "sandbox-port": { type: "string", default: "4310" },
    },
    strict: true,
  });
  const int = (name: string, raw: string, min: number) => {
    const n = Number(raw.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}`);
    return n;
  };
  const skip = values.skip
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of skip)
    if (!PARTS.includes(s as Part)) throw new Error(`--skip takes ${PARTS.join(", ")}; got "${s}"`);
  return {
    usages: int("usages", values.usages, 1),
    fresh: values.fresh,
    build: values.build,
    samples: int("samples", values.samples, 5),
    connections: int("connections", values.connections, 1),
    seconds: int("seconds", values.seconds, 1),
    dashboardRequests: int("dashboard-requests", values["dashboard-requests"], 1),
    skip: new Set(skip as Part[]),
    out: path.resolve(values.out),
    ports: {
      portal: int("portal-port", values["portal-port"], 1),
      sandbox: int("sandbox-port", values["sandbox-port"], 1),
    },
  };
}

// localhost, not 127.0.0.1: the seeded company "acme" (ada's) is the one served on host localhost.
const portalUrlOf = (port: number) => `http://localhost:${port}`;
const sandboxUrlOf = (port: number) => `http://127.0.0.1:${port}`;
type Ports = { portal: number; sandbox: number };

const step = (text: string) => console.log(`\n▸ ${text}`);

function sandboxEnv(dataDir: string, ports: Ports): Record<string, string> {
  return {
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_MODE: "demo",
    SANDBOX_DATA_DIR: dataDir,
    // Empty means unset (config.ts): never a PostgreSQL the caller's shell happens to point at.
    DATABASE_URL: "",
    SANDBOX_LOG: "0",
    PORTAL_PORT: String(ports.portal),
    HCAPTCHA_MODE: "test",
    // One token for the whole run: a refresh in the middle of a measured load would be measured too.
    ACCESS_TOKEN_TTL_SECONDS: "86400",
  };
}

function portalEnv(ports: Ports): Record<string, string> {
  const sandboxUrl = sandboxUrlOf(ports.sandbox);
  return {
    BILLING_API_URL: sandboxUrl,
    COOKIE_SECURE: "false",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    HCAPTCHA_SCRIPT_URL: `${sandboxUrl}/__sandbox/hcaptcha/api.js`,
    HCAPTCHA_SITEKEY: "10000000-ffff-ffff-ffff-000000000001",
    // The account page's add dialog loads the provider doubles (no internet for Stripe.js).
    STRIPE_JS_URL: `${sandboxUrl}/__sandbox/stripe/v3.js`,
    CARDCONNECT_TOKENIZER_ORIGIN: sandboxUrl,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The first-load JS figures: bytes per page and their ratio to the bare page. */
function jsFigures(
  pages: Record<string, ScriptBytes | string>,
  bare: ScriptBytes | string,
): Figure[] {
  const figures: Figure[] = [];
  const bytesFigure = (name: string, s: ScriptBytes | string) => {
    const base = {
      group: "first-load-js" as const,
      name: `${name}: script bytes (gzip)`,
      unit: "bytes",
    };
    return typeof s === "string"
      ? unmeasured(base, "failed", s)
      : measured({
          ...base,
          value: s.bytes,
          details: {
            scripts: s.scripts,
            bytesAfterLoad: s.lateBytes,
            encodings: s.encodings.join(","),
          },
          ...(s.encodings.some((e) => e !== "gzip")
            ? { note: `not every script came gzipped: ${s.encodings.join(", ")}` }
            : {}),
        });
  };
  figures.push(bytesFigure("bare Next.js page", bare));
  for (const [name, s] of Object.entries(pages)) {
    figures.push(bytesFigure(name, s));
    // Issue 31: the usage chart (visx) loads after the dashboard's load event; printed apart.
    if (name === "dashboard" && typeof s !== "string")
      figures.push(
        measured({
          group: "first-load-js",
          name: "dashboard after load (usage chart): script bytes (gzip)",
          key: "firstLoadJs.dashboard.afterLoadBytes",
          unit: "bytes",
          value: s.lateBytes,
          note: "loads after the load event, when the browser is idle: no budget",
        }),
      );
    const limit = JS_RATIO_BUDGETS[name];
    const base = {
      group: "first-load-js" as const,
      name: `${name} / bare page`,
      unit: "ratio",
      ...(limit === undefined
        ? {}
        : {
            key: `firstLoadJs.${name}.ratio`,
            budget: { metric: "value" as const, op: "<=" as const, limit },
          }),
    };
    figures.push(
      typeof s === "string" || typeof bare === "string"
        ? unmeasured(base, "failed", typeof s === "string" ? s : String(bare))
        : measured({
            ...base,
            // Unrounded: a budget of 1.5 must not pass at 1.5004 by rounding (the table rounds
            // only what it prints).
            value: s.bytes / bare.bytes,
            ...(limit === undefined
              ? { note: "loads on a click (the dialog), apart from the first load: no budget" }
              : {}),
          }),
    );
  }
  return figures;
}

/** The Lighthouse figures: each page's medians against the budgets, or why there are none. */
function lighthouseFigures(result: LighthousePage[] | string): Figure[] {
  const figures: Figure[] = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const measuredPage =
      typeof result === "string" ? null : result.find((p) => p.name === page.name);
    for (const metric of Object.keys(LIGHTHOUSE_BUDGETS) as LighthouseMetric[]) {
      const { label, unit } = LIGHTHOUSE_LABELS[metric];
      const b = LIGHTHOUSE_BUDGETS[metric];
      const base = {
        group: "lighthouse" as const,
        name: `${page.name}: ${label} (median of ${LIGHTHOUSE_RUNS})`,
        unit,
        key: `lighthouse.${page.name}.${metric}`,
        // The simulated LCP is printed without its budget, which applies to the applied-throttling
        // LCP (appliedLcpFigures): the simulation counts scripts the paint never waited for.
        ...(metric === "lcpMs"
          ? {}
          : { budget: { metric: "value" as const, op: b.op, limit: b.limit } }),
      };
      if (!measuredPage) {
        figures.push(
          unmeasured(base, "failed", typeof result === "string" ? result : "not measured"),
        );
        continue;
      }
      const failed = measuredPage.failedAudits.filter(
        (a) =>
          (metric === "accessibility" && a.category === "accessibility") ||
          (metric === "bestPractices" && a.category === "best-practices"),
      );
      // An HTTP redirect changes the document's URL; the dashboard's history.replaceState (its
      // default tab written into the URL, issue 11 §1) changes only the displayed one.
      const redirected = measuredPage.documentUrl !== measuredPage.url;
      const replaced = !redirected && measuredPage.finalUrl !== measuredPage.url;
      figures.push(
        measured({
          ...base,
          value: measuredPage.median[metric],
          details: {
            url: measuredPage.url,
            finalUrl: measuredPage.finalUrl,
            runs: measuredPage.runs.map((r) => r[metric]).join(", "),
            ...(metric === "lcpMs"
              ? { scriptsInLcpGraph: measuredPage.scriptsInLcpGraph.join(", ") }
              : {}),
            medianRunReport: `lighthouse/${page.name}-${measuredPage.medianRun}.json`,
            reportsKept: measuredPage.reports.join(","),
            benchmarkIndex: measuredPage.benchmarkIndex.join(", "),
            ...(metric === "performance" && measuredPage.warnings.length
              ? { lighthouseWarnings: measuredPage.warnings.join(" | ") }
              : {}),
            ...(failed.length
              ? {
                  failedAudits: failed
                    .map((a) => `${a.id} (${a.runs}/${LIGHTHOUSE_RUNS})`)
                    .join(", "),
                }
              : {}),
          },
          ...(failed.length
            ? {
                note: `failed audits: ${failed.map((a) => `${a.id} (${a.runs}/${LIGHTHOUSE_RUNS} runs)`).join(", ")}`,
              }
            : metric === "performance" && redirected
              ? { note: `redirected to ${measuredPage.documentUrl}` }
              : metric === "performance" && replaced
                ? { note: `no redirect; the page wrote ${measuredPage.finalUrl} in place` }
                : {}),
        }),
      );
    }
  }
  return figures;
}

/** BFF, dashboard and the portal's first-load JS: everything that needs the portal (server.mjs) on .next. */
async function portalParts(
  run: { opts: ReturnType<typeof options>; probe: DirectProbe; bearer: string; sandboxPid: number },
  figures: Figure[],
  pages: Record<string, ScriptBytes | string>,
): Promise<void> {
  const { opts, probe, bearer, sandboxPid } = run;
  const { ports } = opts;
  const sandboxUrl = sandboxUrlOf(ports.sandbox);
  const portalUrl = portalUrlOf(ports.portal);
  step("Portal: waiting for the build lock (/tmp/e2e.lock)");
  const release = await acquireBuildLock();
  try {
    if (opts.build) {
      step("Portal: next build");
      const code = await runCommand(process.execPath, [nextBin, "build"], {
        NEXT_TELEMETRY_DISABLED: "1",
      });
      if (code !== 0) throw new Error(`next build failed with code ${code}`);
    }
    if (!existsSync(path.join(root, ".next", "BUILD_ID")))
      throw new Error("no production build in .next: run with --build");
    step(`Portal: node server.mjs on ${portalUrl}`);
    await assertPortFree(ports.portal);
    const portal = startPortal(ports.portal, portalEnv(ports), path.join(LOG_DIR, "portal.log"));
    try {
      await waitForHttp(portal, `${portalUrl}/portal/login`);
      const cookie = await portalLogin(portalUrl);

      if (!opts.skip.has("bff")) {
        step(
          `BFF against direct: autocannon, ${opts.connections} connections, ${opts.seconds} s each`,
        );
        figures.push(
          ...(await compareBff(
            sandboxUrl,
            bearer,
            portalUrl,
            cookie,
            opts.connections,
            opts.seconds,
            { sandbox: sandboxPid, portal: portal.pid },
          )),
        );
      }
      if (!opts.skip.has("dashboard")) {
        step(`Dashboard: ${opts.dashboardRequests} sequential server renders`);
        figures.push(
          ...(await measureDashboard(
            portalUrl,
            cookie,
            probe.ok ? probe.firstId : null,
            opts.dashboardRequests,
            { sandbox: sandboxPid, portal: portal.pid },
          )),
        );
      }
      if (!opts.skip.has("js")) {
        step(
          "First-load JS: login, dashboard and account (before and after the add dialog) in Chromium",
        );
        const browser = await launchBrowser();
        try {
          for (const [name, url, withCookie] of [
            ["login", `${portalUrl}/portal/login`, false],
            ["dashboard", `${portalUrl}/portal/dashboard?tab=usages`, true],
          ] as const) {
            pages[name] = await measureScripts(browser, url, withCookie ? cookie : null).catch(
              message,
            );
          }
          const account = await measureAccountScripts(browser, portalUrl, cookie).catch(message);
          pages.account = typeof account === "string" ? account : account.firstLoad;
          pages["account + add dialog"] =
            typeof account === "string" ? account : account.withAddDialog;
        } finally {
          await browser.close();
        }
      }
      if (!opts.skip.has("lighthouse")) {
        step(
          `Lighthouse 12, mobile preset: ${LIGHTHOUSE_PAGES.map((p) => p.path).join(", ")}, ${LIGHTHOUSE_RUNS} runs each`,
        );
        const pages = LIGHTHOUSE_PAGES.map((p) => ({
          name: p.name,
          url: `${portalUrl}${p.path}`,
          signedIn: p.signedIn,
        }));
        const result = await measureLighthouse(
          pages,
          cookie,
          path.join(opts.out, "lighthouse"),
        ).catch(message);
        figures.push(...lighthouseFigures(result));
        step(
          `Lighthouse 12, mobile preset with applied throttling (the LCP budget): the same pages, ${LIGHTHOUSE_RUNS} runs each`,
        );
        const applied = await measureLighthouse(
          pages,
          cookie,
          path.join(opts.out, "lighthouse", "applied"),
          "devtools",
        ).catch(message);
        figures.push(
          ...appliedLcpFigures(
            pages.map((p) => p.name),
            applied,
          ),
        );
      }
    } finally {
      await portal.stop();
    }
  } finally {
    release();
  }
}

/** PostgreSQL of its own for the bench (Debian's package), apart from the fleet's and CI's. */
const BENCH_POSTGRES_PORT = 55436;

/**
 * The direct list calls again with the sandbox on a real PostgreSQL server (issue 12 §2): the same
 * rows (seeded once into a schema of their own and kept), the same cases and budgets, printed as
 * the group "direct-postgres" beside PGlite's "direct".
 */
async function measurePostgres(opts: ReturnType<typeof options>): Promise<Figure[]> {
  const unavailable = (note: string) =>
    scenarios("2000-01-01").flatMap((s) =>
      [true, false].map((withTotal) =>
        unmeasured(
          {
            group: "direct-postgres",
            name: `${s.label}, ${withTotal ? "page+total" : "page alone"}`,
            unit: "ms",
          },
          "not_available",
          note,
        ),
      ),
    );
  try {
    ensureSystemPackages();
  } catch (err) {
    return unavailable(message(err));
  }
  const postgres = await startPostgres(BENCH_POSTGRES_PORT);
  try {
    const seed = await ensurePostgresBenchData(postgres.url, opts.usages);
    console.log(
      `  ${seed.reused ? "reused" : "seeded"} ${seed.dataDir} (${seed.seconds.toFixed(1)} s)`,
    );
    const port = opts.ports.sandbox + 1;
    const url = `http://127.0.0.1:${port}`;
    await assertPortFree(port);
    const sandbox = startSandbox(
      {
        ...sandboxEnv("memory", { ...opts.ports, sandbox: port }),
        DATABASE_URL: postgres.url,
        DATABASE_SCHEMA: benchSchema(opts.usages),
      },
      path.join(LOG_DIR, "sandbox-postgres.log"),
    );
    try {
      await waitForHttp(sandbox, `${url}/healthz`);
      const bearer = await sandboxLogin(url);
      const probe = await probeDirect(url, bearer);
      if (!probe.ok) return unavailable(probe.note);
      if (probe.total !== opts.usages)
        throw new Error(
          `GET /v1/usages on PostgreSQL counts ${probe.total}, expected ${opts.usages}`,
        );
      const figures = await measureDirect(
        url,
        bearer,
        scenarios(probe.newestDay),
        opts.samples,
        3,
        sandbox.pid,
        probe.ms,
      );
      const aggregate = await measureAggregate(
        url,
        bearer,
        scenarios(probe.newestDay),
        opts.samples,
        "direct-postgres",
      );
      return [...figures.map((f) => ({ ...f, group: "direct-postgres" as const })), ...aggregate];
    } finally {
      await sandbox.stop();
    }
  } finally {
    postgres.stop();
  }
}

async function main(): Promise<void> {
  const opts = options();
  const { ports } = opts;
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const portalUrl = portalUrlOf(ports.portal);
  const figures: Figure[] = [];
  const started = Date.now();
  const loadAverageStart = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;

  step(`Data: ${opts.usages.toLocaleString("en")} usages for ada`);
  const seed = await ensureBenchData(opts.usages, opts.fresh);
  console.log(
    `  ${seed.reused ? "reused" : "seeded"} ${seed.dataDir} (${seed.seconds.toFixed(1)} s)`,
  );

  step(`Sandbox on ${sandboxUrl}`);
  await assertPortFree(ports.sandbox);
  const sandbox = startSandbox(sandboxEnv(seed.dataDir, ports), path.join(LOG_DIR, "sandbox.log"));
  await waitForHttp(sandbox, `${sandboxUrl}/healthz`);
  const bearer = await sandboxLogin(sandboxUrl);

  const probe: DirectProbe = await probeDirect(sandboxUrl, bearer);
  if (probe.ok && probe.total !== opts.usages)
    throw new Error(`GET /v1/usages counts ${probe.total} rows, expected ${opts.usages}`);

  if (!opts.skip.has("direct")) {
    step(`Direct: ${opts.samples} sequential calls per case`);
    if (probe.ok) {
      figures.push(
        ...(await measureDirect(
          sandboxUrl,
          bearer,
          scenarios(probe.newestDay),
          opts.samples,
          3,
          sandbox.pid,
          probe.ms,
        )),
      );
      step(
        `Usage aggregate: first answer and ${opts.samples} cached calls per filter and grouping`,
      );
      figures.push(
        ...(await measureAggregate(sandboxUrl, bearer, scenarios(probe.newestDay), opts.samples)),
      );
    } else {
      const status = probe.status === 404 ? "not_available" : "failed";
      for (const s of scenarios("2000-01-01"))
        for (const withTotal of [true, false])
          figures.push(
            unmeasured(
              {
                group: "direct",
                name: `${s.label}, ${withTotal ? "page+total" : "page alone"}`,
                unit: "ms",
              },
              status,
              probe.note,
            ),
          );
    }
  }

  if (!opts.skip.has("postgres")) {
    step(`Direct on PostgreSQL: the same ${opts.usages.toLocaleString("en")} usages and calls`);
    figures.push(...(await measurePostgres(opts)));
  }

  if (!opts.skip.has("export")) {
    step(`Export: XLSX of every usage (sandbox pid ${sandbox.pid})`);
    figures.push(
      ...(await measureExport(
        sandboxUrl,
        bearer,
        sandbox.pid,
        opts.usages,
        directUrl(sandboxUrl, UNFILTERED, false),
      )),
    );
    for (const format of ["csv", "xlsx"] as const) {
      step(`Export downloaded now: ${format.toUpperCase()} of every usage, link to last byte`);
      figures.push(
        ...(await measureExportDownload(sandboxUrl, bearer, sandbox.pid, opts.usages, format)),
      );
    }
  }

  const needPortal = (["bff", "dashboard", "js", "lighthouse"] as const).some(
    (part) => !opts.skip.has(part),
  );
  const pages: Record<string, ScriptBytes | string> = {};
  if (needPortal) {
    try {
      await portalParts({ opts, probe, bearer, sandboxPid: sandbox.pid }, figures, pages);
    } catch (err) {
      // Without a portal (no build, a build broken by half-done work…) the other figures still count.
      const note = `portal: ${message(err)}`;
      console.error(`  ${note}`);
      const missing = (group: Figure["group"], name: string, unit: string) =>
        figures.some((f) => f.group === group)
          ? []
          : [unmeasured({ group, name, unit }, "failed", note)];
      if (!opts.skip.has("bff")) figures.push(...missing("bff", "BFF against direct", "ms"));
      if (!opts.skip.has("dashboard"))
        figures.push(...missing("dashboard", "TTFB, /portal/dashboard?tab=usages", "ms"));
      for (const name of ["login", "dashboard", "account"]) pages[name] ??= note;
      if (!opts.skip.has("lighthouse") && !figures.some((f) => f.group === "lighthouse"))
        figures.push(...lighthouseFigures(note));
    }
  }

  if (!opts.skip.has("js")) {
    step("First-load JS: the bare page, built now with the same Next.js");
    let bare: ScriptBytes | string;
    try {
      await buildBareApp();
      await assertPortFree(ports.portal);
      const server = startNext(
        "bare",
        bareAppDir,
        ports.portal,
        { NEXT_TELEMETRY_DISABLED: "1" },
        path.join(LOG_DIR, "bare.log"),
      );
      await waitForHttp(server, `${portalUrl}/`);
      try {
        const browser = await launchBrowser();
        try {
          bare = await measureScripts(browser, `${portalUrl}/`, null);
        } finally {
          await browser.close();
        }
        // The same Lighthouse runs on the bare page: what this machine and this Next.js give a
        // page with nothing in it, printed beside the portal's pages (no budget of its own).
        if (!opts.skip.has("lighthouse")) {
          step(`Lighthouse 12, mobile preset: the bare page, ${LIGHTHOUSE_RUNS} runs`);
          const result = await measureLighthouse(
            [{ name: "bare", url: `${portalUrl}/`, signedIn: false }],
            "",
            path.join(opts.out, "lighthouse", "bare"),
          ).catch(message);
          figures.push(...bareLighthouseFigures(result));
          const applied = await measureLighthouse(
            [{ name: "bare", url: `${portalUrl}/`, signedIn: false }],
            "",
            path.join(opts.out, "lighthouse", "applied", "bare"),
            "devtools",
          ).catch(message);
          figures.push(...appliedLcpFigures(["bare"], applied));
        }
      } finally {
        await server.stop();
      }
    } catch (err) {
      bare = message(err);
    }
    figures.push(...jsFigures(pages, bare));
  }

  await sandbox.stop();

  const results: Results = {
    // Issue 11 §1: the headline figures as flat top-level keys ("firstLoadJs.login.ratio": 2.01…).
    ...flatKeys(figures),
    date: new Date().toISOString(),
    rows: opts.usages,
    database: "pglite",
    machine: machine(loadAverageStart),
    settings: {
      sequentialSamples: opts.samples,
      autocannonConnections: opts.connections,
      autocannonSeconds: opts.seconds,
      dashboardRequests: opts.dashboardRequests,
      pageSize: 10,
      sort: "date desc",
      portalBuiltThisRun: opts.build,
      skipped: [...opts.skip].join(",") || "none",
      minutes: Math.round((Date.now() - started) / 6_000) / 10,
    },
    seed: {
      dataDir: path.relative(root, seed.dataDir),
      reused: seed.reused,
      seconds: seed.seconds,
    },
    figures,
  };
  const file = await writeResults(opts.out, results);
  step(
    `Results (${opts.usages.toLocaleString("en")} usages, PGlite${opts.skip.has("postgres") ? "" : "; direct-postgres: PostgreSQL"}): ${path.relative(root, file)}`,
  );
  printTable(figures);
  if (figures.some((f) => f.pass === false || f.status === "failed")) process.exitCode = 1;
}

let interrupted = false;
const interrupt = (signal: string) => {
  if (interrupted) return;
  interrupted = true;
  console.error(`\n${signal}: stopping the bench's servers`);
  void stopAll().finally(() => process.exit(130));
};
process.on("SIGINT", () => interrupt("SIGINT"));
process.on("SIGTERM", () => interrupt("SIGTERM"));

main()
  .catch((err: unknown) => {
    console.error(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAll());
