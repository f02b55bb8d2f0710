// npx tsx bench/profile-bff.ts [--usages 20000] [--seconds 10] [--connections 4] [--top 40]
//
// Where the portal's CPU goes on the BFF's list call: starts the bench's sandbox (its data folder
// must exist: run `npm run bench -- --usages N` once) and the portal (server.mjs) on the existing .next with
// V8's --cpu-prof, loads `GET /api/lists/usages` with autocannon, stops the portal and prints the
// profile's self time by function and by file (node_modules packages grouped), plus the whole
// call tree's totals for the project's own files. Holds /tmp/e2e.lock while the portal runs.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import { SourceMap } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { portalLogin, round1, sandboxLogin } from "./http";
import { bffUrl, load, UNFILTERED } from "./lists";
import {
  acquireBuildLock,
  assertPortFree,
  cpuMs,
  root,
  startNode,
  startSandbox,
  stopAll,
  waitForHttp,
} from "./processes";
import { benchDataDir } from "./seed";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount: number;
  children?: number[];
};
type Profile = {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

const { values } = parseArgs({
  options: {
    usages: { type: "string", default: "20000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "4" },
    top: { type: "string", default: "40" },
    "portal-port": { type: "string", default: "3301" },
    "sandbox-port": { type: "string", default: "4311" },
    total: { type: "boolean", default: false },
    /** Other portal paths to load (each with the cookie), e.g. /api/session, instead of the list. */
    path: { type: "string", multiple: true },
    /** Without V8's profiler: only req/s and the portal's CPU per request (from /proc). */
    "no-profile": { type: "boolean", default: false },
  },
});

const where = (url: string): string => {
  if (url.startsWith("mapped:")) return url.slice(7);
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const rest = file.slice(nm + 14).split("/");
    const pkg = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${pkg}/${rest.slice(rest[0]?.startsWith("@") ? 2 : 1).join("/")}`;
  }
  if (file.startsWith(root)) return path.relative(root, file);
  return file || "(native)";
};

/**
 * Only the samples of the measured load: `window` is [start, end] in ms before the profile's end
 * (the process's exit), taken from the bench's own clock.
 */
// .next's server chunks are minified; their source maps name the original file and line.
const maps = new Map<string, SourceMap | null>();
async function loadMap(file: string): Promise<SourceMap | null> {
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMap(JSON.parse(await readFile(`${file}.map`, "utf8")) as never));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

/** Rewrites the frames of .next chunks to their original source (file:line, name when known). */
async function unminify(profile: Profile): Promise<void> {
  for (const n of profile.nodes) {
    const file = n.callFrame.url.replace(/^file:\/\//, "");
    if (!file.includes("/.next/server/")) continue;
    const map = await loadMap(file);
    const entry = map?.findEntry(n.callFrame.lineNumber, n.callFrame.columnNumber) as
      { originalSource?: string; originalLine?: number; name?: string } | undefined;
    if (!entry?.originalSource) continue;
    const source = entry.originalSource
      .replace(/^turbopack:\/\/\/(\[project\]\/)?/, "")
      .replace(/^.*\/node_modules\//, "node_modules/");
    n.callFrame = {
      ...n.callFrame,
      functionName: entry.name
        ? `${entry.name}~${n.callFrame.functionName}`
        : n.callFrame.functionName,
      url: `mapped:${source}`,
      lineNumber: entry.originalLine ?? n.callFrame.lineNumber,
    };
  }
}

function summarise(
  profile: Profile,
  top: number,
  window: [number, number],
  requests: number,
): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const from = profile.endTime - window[0] * 1000;
  const to = profile.endTime - window[1] * 1000;
  const kept: number[] = [];
  let t = profile.startTime;
  let spanUs = 0;
  for (const [i, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t >= from && t <= to) {
      kept.push(id);
      spanUs += delta;
    }
  }
  const interval = spanUs / Math.max(1, kept.length) / 1000;
  const total = kept.length;
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  const selfHits = new Map<number, number>();
  for (const id of kept) selfHits.set(id, (selfHits.get(id) ?? 0) + 1);
  const idle = [...selfHits]
    .filter(([id]) => /^\((idle|program)\)$/.test(byId.get(id)?.callFrame.functionName ?? ""))
    .reduce((a, [, h]) => a + h, 0);
  console.log(
    `busy ${(((total - idle) * interval) / Math.max(1, requests)).toFixed(2)} ms of CPU per request (${requests} requests; idle and (program) left out)`,
  );
  for (const [id, hits] of selfHits) {
    const n = byId.get(id);
    if (!n) continue;
    const file = where(n.callFrame.url);
    const fn = `${n.callFrame.functionName || "(anonymous)"} ${file}:${n.callFrame.lineNumber + 1}`;
    self.set(fn, (self.get(fn) ?? 0) + hits);
    const pkg = file.includes("/") ? file.split("/").slice(0, 2).join("/") : file;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + hits);
  }
  // Inclusive time of the project's own frames (.next/server chunks carry their source names only
  // through function names, so the chunk file is what is shown).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, hits] of selfHits) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const key = `${n.callFrame.functionName || "(anonymous)"} ${where(n.callFrame.url)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + hits);
    }
  }
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [name, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(
        `${((hits / total) * 100).toFixed(1).padStart(5)} %  ${(hits * interval).toFixed(0).padStart(6)} ms  ${name}`,
      );
  };
  console.log(`samples ${total}, interval ${interval.toFixed(2)} ms`);
  print("self time by package / folder", byFile, top);
  print("self time by function", self, top);
  print("inclusive time by function", inclusive, top * 2);
}

async function main(): Promise<void> {
  const profile = !values["no-profile"];
  const usages = Number(values.usages);
  const ports = { portal: Number(values["portal-port"]), sandbox: Number(values["sandbox-port"]) };
  const dataDir = benchDataDir(usages);
  if (!existsSync(dataDir)) throw new Error(`${dataDir} is missing: run the bench once first`);
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  const portalUrl = `http://localhost:${ports.portal}`;
  const logDir = path.join(root, ".data", "bench", "logs");
  const profDir = path.join(root, ".data", "bench", "cpu-profile");
  await rm(profDir, { recursive: true, force: true });
  await mkdir(profDir, { recursive: true });

  await assertPortFree(ports.sandbox);
  const sandbox = startSandbox(
    {
      SANDBOX_PORT: String(ports.sandbox),
      SANDBOX_MODE: "demo",
      SANDBOX_DATA_DIR: dataDir,
      DATABASE_URL: "",
      SANDBOX_LOG: "0",
      HCAPTCHA_MODE: "test",
      ACCESS_TOKEN_TTL_SECONDS: "86400",
    },
    path.join(logDir, "profile-sandbox.log"),
  );
  await waitForHttp(sandbox, `${sandboxUrl}/healthz`);
  await sandboxLogin(sandboxUrl);
  let window: [number, number] = [0, 0];
  let requests = 0;
  const release = await acquireBuildLock();
  try {
    await assertPortFree(ports.portal);
    const portal = startNode(
      "portal",
      [
        ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`, "--cpu-prof-interval=500"] : []),
        path.join(root, "server.mjs"),
        "-p",
        String(ports.portal),
      ],
      {
        NODE_ENV: "production",
        BILLING_API_URL: sandboxUrl,
        COOKIE_SECURE: "false",
        SESSION_SECRET: randomBytes(32).toString("base64url"),
        NEXT_TELEMETRY_DISABLED: "1",
      },
      path.join(logDir, "profile-portal.log"),
    );
    await waitForHttp(portal, `${portalUrl}/portal/login`);
    const cookie = await portalLogin(portalUrl);
    const urls = values.path?.length
      ? values.path.map((p) => `${portalUrl}${p}`)
      : [bffUrl(portalUrl, UNFILTERED, values.total)];
    const connections = Number(values.connections);
    let t0 = 0;
    let t1 = 0;
    for (const url of urls) {
      await load(url, { Cookie: cookie }, connections, 3);
      t0 = performance.now();
      const cpuBefore = await cpuMs(portal.pid, true);
      const r = await load(url, { Cookie: cookie }, connections, Number(values.seconds));
      const cpu = (await cpuMs(portal.pid, true)) - cpuBefore;
      t1 = performance.now();
      requests = r.requests;
      console.log(
        `${url}: ${r.reqPerSec} req/s, p50 ${r.p50} ms, portal CPU ${round1(cpu / Math.max(1, r.requests))} ms/request, non2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
    await portal.stop();
    const t2 = performance.now();
    window = [t2 - t0, t2 - t1];
  } finally {
    release();
    await sandbox.stop();
  }
  if (!profile) return;
  const files = (await readdir(profDir)).filter((f) => f.endsWith(".cpuprofile"));
  if (files.length === 0) throw new Error(`no profile written in ${profDir}`);
  for (const f of files) {
    console.log(`\n=== ${f}`);
    const profile = JSON.parse(await readFile(path.join(profDir, f), "utf8")) as Profile;
    await unminify(profile);
    summarise(profile, Number(values.top), window, requests);
  }
}

main()
  .catch((err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exitCode = 1;
  })
  .finally(() => stopAll());
