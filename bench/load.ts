// npm run bench:load – issue 12 §2: signed-in sessions walking the portal through the fleet (nginx,
// two portal instances, the sandbox on PostgreSQL) while access tokens expire every 30 s and one
// instance is stopped (SIGTERM) and started again halfway; then the throughput of two instances
// against one. Figures in bench/results/load.json (flat keys load.*) and on the console.
//
//   npm run bench:load [-- --sessions 200 --seconds 60 --restart-at 30 --out bench/results]
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { format, resolveConfig } from "prettier";
import { ensureSystemPackages, startFleet } from "../scripts/fleet-lib.mjs";
import { ADA } from "./http";
import { root, runCommand } from "./processes";
import { machine } from "./report";

const { values } = parseArgs({
  options: {
    sessions: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    "restart-at": { type: "string", default: "30" },
    "token-ttl": { type: "string", default: "30" },
    "throughput-seconds": { type: "string", default: "10" },
    "throughput-sessions": { type: "string", default: "16" },
    port: { type: "string", default: "8090" },
    build: { type: "boolean", default: false },
    out: { type: "string", default: path.join(root, "bench", "results") },
  },
});
const opts = {
  sessions: Number(values.sessions),
  seconds: Number(values.seconds),
  restartAt: Number(values["restart-at"]),
  tokenTtl: Number(values["token-ttl"]),
  throughputSeconds: Number(values["throughput-seconds"]),
  throughputSessions: Number(values["throughput-sessions"]),
  port: Number(values.port),
};

/** What one request was, for the per-kind percentiles. */
type Kind =
  | "page: dashboard"
  | "page: account"
  | "page: subscriptions"
  | "list: first page of a tab"
  | "list: next page"
  | "list: filtered"
  | "account detail"
  | "subscriptions list"
  | "sign-in";

type Outcome = "ok" | "error" | "signOut";
type Sample = { kind: Kind; ms: number; outcome: Outcome; at: number; status: number };

/** A browser-like client: its own cookie jar, the headers a browser sends, redirects seen, not followed. */
class Session {
  private jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  private cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  get signedIn(): boolean {
    return this.jar.size > 0;
  }

  async signIn(): Promise<Sample> {
    const started = performance.now();
    try {
      const res = await fetch(`${this.base}/api/auth/login`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "X-CSRF": "1",
          Origin: this.base,
        },
        body: JSON.stringify({ email: ADA.email, password: ADA.password }),
        redirect: "manual",
      });
      await res.arrayBuffer();
      this.keep(res);
      return sample("sign-in", started, res.status === 200 ? "ok" : "error", res.status);
    } catch {
      return sample("sign-in", started, "error", 0);
    }
  }

  /** A GET as the browser makes it: a page (HTML) or a BFF call (JSON). */
  async get(kind: Kind, target: string): Promise<Sample> {
    const started = performance.now();
    const page = target.startsWith("/portal/");
    try {
      const res = await fetch(`${this.base}${target}`, {
        headers: {
          Accept: page ? "text/html" : "application/json",
          "Accept-Encoding": "gzip, br",
          Cookie: this.cookieHeader(),
        },
        redirect: "manual",
      });
      await res.arrayBuffer();
      this.keep(res);
      const location = res.headers.get("location") ?? "";
      // The session ended: the BFF's 401, or a page sending the browser to the sign-in page.
      const signedOut =
        res.status === 401 ||
        (res.status >= 300 && res.status < 400 && location.includes("/portal/login"));
      const outcome: Outcome = signedOut ? "signOut" : res.status === 200 ? "ok" : "error";
      if (signedOut) this.jar.clear();
      return sample(kind, started, outcome, res.status);
    } catch {
      return sample(kind, started, "error", 0);
    }
  }
}

const t0 = performance.now();
function sample(kind: Kind, started: number, outcome: Outcome, status: number): Sample {
  const now = performance.now();
  return { kind, ms: now - started, outcome, at: (now - t0) / 1000, status };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A person's pause between two clicks: 0.5–2.5 s. */
const think = () => sleep(500 + Math.random() * 2000);

/** One walk through the portal, as a customer reads it; the pairs are what the page asks at once. */
async function walk(s: Session, record: (x: Sample) => void): Promise<void> {
  const steps: (() => Promise<Sample[]>)[] = [
    async () => [await s.get("page: dashboard", "/portal/dashboard")],
    // A tab switch: the list's first page with its configuration, and the balance banner.
    async () =>
      Promise.all([
        s.get("list: first page of a tab", "/api/lists/payments?initial=1"),
        s.get("account detail", "/api/account/detail"),
      ]),
    async () => [await s.get("list: next page", "/api/lists/payments?page=2")],
    async () => [await s.get("list: first page of a tab", "/api/lists/usages?initial=1")],
    async () => [await s.get("list: filtered", "/api/lists/usages?filters=unit_of_measure.eq.kWh")],
    async () => [
      await s.get("list: next page", "/api/lists/usages?page=2&filters=unit_of_measure.eq.kWh"),
    ],
    async () => [await s.get("page: account", "/portal/account")],
    async () => [await s.get("page: subscriptions", "/portal/dashboard?tab=subscriptions")],
    async () => [await s.get("subscriptions list", "/api/subscriptions?status=cancelled")],
    async () => [await s.get("list: first page of a tab", "/api/lists/invoices?initial=1")],
  ];
  for (const step of steps) {
    if (!s.signedIn) return;
    for (const x of await step()) record(x);
    await think();
  }
}

/** Lines of a log file that match (the file may not exist: 0). */
async function countLines(file: string, match: (line: string) => boolean): Promise<number> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter(match).length;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}
const r1 = (n: number) => Math.round(n * 10) / 10;

type KindStats = {
  kind: string;
  requests: number;
  errors: number;
  signOuts: number;
  p50: number;
  p95: number;
  p99: number;
};
function stats(kind: string, xs: Sample[]): KindStats {
  const ms = xs.map((x) => x.ms).sort((a, b) => a - b);
  return {
    kind,
    requests: xs.length,
    errors: xs.filter((x) => x.outcome === "error").length,
    signOuts: xs.filter((x) => x.outcome === "signOut").length,
    p50: r1(percentile(ms, 50)),
    p95: r1(percentile(ms, 95)),
    p99: r1(percentile(ms, 99)),
  };
}

/** Closed loop: `sessions` clients asking the next page of a list back to back for `seconds`. */
async function throughput(
  sessions: Session[],
  seconds: number,
): Promise<{ rps: number; errors: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    sessions.map(async (s, i) => {
      const lists = ["invoices", "payments", "usages", "credits"];
      for (let n = 0; performance.now() < until; n++) {
        const x = await s.get(
          "list: next page",
          `/api/lists/${lists[(i + n) % lists.length]}?page=2`,
        );
        if (x.outcome === "ok") done++;
        else errors++;
      }
    }),
  );
  return { rps: r1(done / seconds), errors };
}

async function main() {
  const loadAverageStart = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
  ensureSystemPackages();
  if (values.build || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.log("▸ next build");
    const code = await runCommand(path.join(root, "node_modules", ".bin", "next"), ["build"]);
    if (code !== 0) throw new Error("next build failed");
  }
  console.log(
    `▸ Fleet: nginx on :${opts.port}, two portal instances, the sandbox on PostgreSQL (access tokens live ${opts.tokenTtl} s)`,
  );
  const logDir = path.join(root, ".data", "bench", "logs", "fleet");
  await rm(logDir, { recursive: true, force: true });
  const fleet = await startFleet({
    port: opts.port,
    instancePorts: [3211, 3212],
    sandboxPort: 4030,
    postgresPort: 55434,
    sessionSecret: "load-bench-session-secret-that-is-long-enough-0123",
    sandboxEnv: {
      ACCESS_TOKEN_TTL_SECONDS: String(opts.tokenTtl),
      // Every session signs in from this one machine.
      LOGIN_MAX_FAILURES_PER_CLIENT: "100000",
      // Its log lines show how often the sessions' tokens were refreshed.
      SANDBOX_LOG: "1",
    },
    logDir,
  });
  const base = `http://localhost:${opts.port}`;
  try {
    console.log(`▸ Signing in ${opts.sessions} sessions`);
    const sessions = Array.from({ length: opts.sessions }, () => new Session(base));
    const signIns: Sample[] = [];
    for (let i = 0; i < sessions.length; i += 10)
      signIns.push(...(await Promise.all(sessions.slice(i, i + 10).map((s) => s.signIn()))));
    const failedSignIns = signIns.filter((x) => x.outcome !== "ok").length;
    if (failedSignIns > 0) throw new Error(`${failedSignIns} of ${opts.sessions} sign-ins failed`);

    console.log(
      `▸ ${opts.sessions} sessions walking for ${opts.seconds} s; instance 2 stopped (SIGTERM) and started again at ${opts.restartAt} s`,
    );
    const samples: Sample[] = [];
    const started = performance.now();
    const until = started + opts.seconds * 1000;
    let restart = null as { exitCode: number | null; downMs: number } | null;
    const restarting = (async () => {
      await sleep(opts.restartAt * 1000);
      const from = performance.now();
      const exitCode = await fleet.instances[1]!.stop();
      await fleet.instances[1]!.start();
      restart = { exitCode, downMs: Math.round(performance.now() - from) };
      console.log(
        `  instance 2 exited with ${exitCode} and answered again after ${restart.downMs} ms`,
      );
    })();
    await Promise.all(
      sessions.map(async (s, i) => {
        // Sessions start spread over the first two seconds, as people arrive.
        await sleep((i / sessions.length) * 2000);
        while (performance.now() < until) {
          await walk(s, (x) => {
            if (performance.now() <= until) samples.push(x);
          });
          // A session that was signed out signs in again (and that sign-out is counted above).
          if (!s.signedIn) samples.push(await s.signIn());
        }
      }),
    );
    await restarting;
    const refreshes = await countLines(
      path.join(fleet.logDir, "sandbox.log"),
      (line) => line.includes('"/v1/auth/refresh-tokens"') && line.includes('"status":200'),
    );

    console.log(
      `▸ Throughput, ${opts.throughputSessions} sessions back to back: two instances, then one`,
    );
    const loop = sessions.slice(0, opts.throughputSessions);
    await throughput(loop, 3); // warm both instances
    const two = await throughput(loop, opts.throughputSeconds);
    await fleet.instances[1]!.stop();
    const one = await throughput(loop, opts.throughputSeconds);
    await fleet.instances[1]!.start();

    const kinds = [...new Set(samples.map((x) => x.kind))].sort();
    const byKind = kinds.map((k) =>
      stats(
        k,
        samples.filter((x) => x.kind === k),
      ),
    );
    const all = stats("all", samples);
    const figures = {
      "load.sessions": opts.sessions,
      "load.requests": all.requests,
      "load.errors": all.errors,
      "load.signOuts": all.signOuts,
      "load.p99Ms": all.p99,
      "load.twoVsOne": Math.round((two.rps / Math.max(one.rps, 0.1)) * 100) / 100,
    };
    const errorsByStatus: Record<string, number> = {};
    for (const x of samples.filter((x) => x.outcome !== "ok"))
      errorsByStatus[`${x.kind} ${x.status}`] = (errorsByStatus[`${x.kind} ${x.status}`] ?? 0) + 1;

    console.log("");
    console.table(byKind.concat(all));
    console.log(
      `requests ${all.requests} in ${opts.seconds} s (${r1(all.requests / opts.seconds)}/s), errors ${all.errors}, sign-outs ${all.signOuts}, token refreshes ${refreshes} (${r1(refreshes / opts.sessions)} per session)`,
    );
    if (Object.keys(errorsByStatus).length)
      console.log("not ok, by kind and status:", errorsByStatus);
    console.log(
      `throughput: two instances ${two.rps}/s (errors ${two.errors}), one ${one.rps}/s (errors ${one.errors}): ${figures["load.twoVsOne"]}x`,
    );

    const results = {
      ...figures,
      date: new Date().toISOString(),
      machine: machine(loadAverageStart),
      settings: { ...opts, nginx: "round robin, max_fails=1 fail_timeout=5s, idempotent retry" },
      restart,
      requestsPerSecond: r1(all.requests / opts.seconds),
      tokenRefreshes: refreshes,
      byKind,
      all,
      notOk: errorsByStatus,
      throughput: { two, one },
    };
    await mkdir(values.out, { recursive: true });
    const file = path.join(values.out, "load.json");
    const text = JSON.stringify(results, null, 2);
    await writeFile(
      file,
      await format(text, { ...(await resolveConfig(file)), parser: "json", filepath: file }),
    );
    console.log(`\nwritten: ${path.relative(root, file)}`);
    const pass =
      all.errors === 0 && all.signOuts === 0 && restart !== null && restart.exitCode === 0;
    if (!pass) process.exitCode = 1;
  } finally {
    await fleet.stop();
  }
}

main().catch((err: unknown) => {
  console.error("bench:load failed:", err);
  process.exit(1);
});
