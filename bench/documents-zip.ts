// Issue 32 §3: one zip of 500 invoice PDFs. `npm run bench:zip [-- --invoices N --usages N --port P]`
// gives ada 500 invoices and N extra usages, some billed on her invoices (multi-page PDFs), in a
// PGlite folder of its own (.data/bench-zip/, seeded once), starts the sandbox, draws one invoice
// PDF (fonts and pdfkit loaded, as on a server that has served one), asks POST
// /v1/documents/zip_url for the first --invoices of them and downloads the zip as fast as it comes,
// printing: time to the first byte of the body (budget ≤ 1,000 ms), the sandbox's memory growth
// while it streams (peak RSS − RSS before, VmHWM reset first; budget ≤ 50 MB), the total time and
// the size; twice, the second round showing whether memory stays flat once the server has drawn
// PDFs. Prints the table and the figures as JSON; exit code 1 when a budget is missed. A run with
// --invoices 50 beside the 500 shows whether memory grows with the count.
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Db } from "../sandbox/src/db";
import { migrate } from "../sandbox/src/db/migrate";
import { openPglite } from "../sandbox/src/db/pglite";
import { seedIfEmpty } from "../sandbox/src/seed";
import { jsonOf, percentile, pick, round1, sandboxLogin, timedRequest } from "./http";
import {
  cpuMs,
  readMemory,
  resetPeakRss,
  root,
  runCommand,
  startSandbox,
  stopAll,
  waitForHttp,
} from "./processes";
import { measured, printTable, unmeasured, type Figure } from "./report";
import { BENCH_CUSTOMER } from "./seed";

/** Invoices the folder gives ada: the most one zip holds. */
const SEEDED_INVOICES = 500;

/** Issue 32 §3's budgets. */
export const ZIP_FIRST_BYTE_MS = 1000;
export const ZIP_MEMORY_GROWTH_MB = 50;

const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { values } = parseArgs({
  options: {
    invoices: { type: "string", default: "500" },
    usages: { type: "string", default: "50000" },
    port: { type: "string", default: "4316" },
  },
});
const invoices = Number(values.invoices);
const usages = Number(values.usages);
const port = Number(values.port);
if (!Number.isInteger(invoices) || invoices < 1 || invoices > SEEDED_INVOICES)
  throw new Error(`--invoices: 1 to ${SEEDED_INVOICES}`);
if (!Number.isInteger(usages) || usages < 0) throw new Error("--usages ≥ 0");

const dir = path.join(root, ".data", "bench-zip");
const dataDir = path.join(dir, `pglite-${usages}`);
const url = `http://127.0.0.1:${port}`;

/** ada's invoice ids, oldest id first, after migrating and seeding the folder; closes it. */
async function adaInvoices(): Promise<string[]> {
  const db: Db = await openPglite(dataDir);
  try {
    await migrate(db);
    await seedIfEmpty(db);
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM invoices WHERE customer_id = $1 ORDER BY id COLLATE "C"`,
      [BENCH_CUSTOMER],
    );
    return rows.map((r) => r.id);
  } finally {
    await db.close();
  }
}

/** The folder with 500 invoices for ada (and the extra usages), seeded once. */
async function ensureData(): Promise<string[]> {
  const fresh = !existsSync(dataDir);
  let ids = await adaInvoices();
  if (fresh && (ids.length < SEEDED_INVOICES || usages > 0)) {
    const started = Date.now();
    const extra = Math.max(0, SEEDED_INVOICES - ids.length);
    console.log(`▸ seeding ${extra} invoices and ${usages} usages for ada into ${dataDir}`);
    const code = await runCommand(
      "npm",
      ["run", "--silent", "seed", "--", "--invoices", String(extra), "--usages", String(usages)],
      { SANDBOX_DATA_DIR: dataDir, DATABASE_URL: "" },
    );
    if (code !== 0) throw new Error(`npm run seed failed with code ${code}`);
    console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    ids = await adaInvoices();
  }
  if (ids.length < invoices)
    throw new Error(`ada has ${ids.length} invoices in ${dataDir}, fewer than ${invoices}`);
  return ids.slice(0, invoices);
}

type Streamed = {
  status: number;
  headers: http.IncomingHttpHeaders;
  headersMs: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Entries the zip's end-of-central-directory record counts (-1: none found). */
  entries: number;
};

/** Downloads a URL, keeping only its last 64 KiB: times to headers, first body byte and end. */
function stream(link: string): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(link, (res) => {
      const headersMs = performance.now() - started;
      let firstByteMs = -1;
      let bytes = 0;
      let tail = Buffer.alloc(0);
      res.on("data", (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-65536);
      });
      res.on("error", reject);
      res.on("end", () => {
        const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          headersMs,
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          entries: eocd >= 0 && eocd + 22 <= tail.length ? tail.readUInt16LE(eocd + 10) : -1,
        });
      });
    });
    req.setTimeout(30 * 60_000, () => req.destroy(new Error(`timeout: ${link}`)));
    req.on("error", reject);
  });
}

async function measureZip(
  bearer: string,
  pid: number,
  ids: string[],
  round: number,
): Promise<Figure[]> {
  const label = `zip of ${ids.length} invoice PDFs, round ${round}`;
  const firstByte = {
    group: "export" as const,
    name: `${label}: first byte of the body`,
    unit: "ms",
    budget: { metric: "value" as const, op: "<=" as const, limit: ZIP_FIRST_BYTE_MS },
  };
  const memory = {
    group: "export" as const,
    name: `${label}: sandbox memory growth while it streams (peak RSS − RSS before)`,
    unit: "MB",
    budget: { metric: "value" as const, op: "<=" as const, limit: ZIP_MEMORY_GROWTH_MB },
  };
  const total = { group: "export" as const, name: `${label}: total time`, unit: "s" };
  const health = {
    group: "export" as const,
    name: `${label}: slowest GET /healthz while it streams (one every 100 ms)`,
    unit: "ms",
  };
  const size = { group: "export" as const, name: `${label}: size`, unit: "MB" };
  const all = [firstByte, memory, total, size, health];

  const post = await timedRequest(`${url}/v1/documents/zip_url`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: JSON.stringify({ invoice_ids: ids }),
  });
  const link = pick(jsonOf(post), "data", "zip_url");
  if (post.status !== 200 || typeof link !== "string") {
    const note = `POST /v1/documents/zip_url answered ${post.status}: ${post.body.toString("utf8").slice(0, 160)}`;
    return all.map((f) => unmeasured(f, post.status === 404 ? "not_available" : "failed", note));
  }

  // One PDF first: fonts read and parsed, pdfkit loaded, as on a server that has served a PDF.
  const pdf = await timedRequest(
    `${url}/v1/invoices/getPdfUrl?invoice_id=${encodeURIComponent(ids[0] ?? "")}`,
    { headers: { Authorization: `Bearer ${bearer}` } },
  );
  const pdfUrl = pick(jsonOf(pdf), "data", "pdf_url");
  const warm = typeof pdfUrl === "string" ? await timedRequest(pdfUrl) : null;
  if (warm?.status !== 200)
    return all.map((f) => unmeasured(f, "failed", `the warm-up PDF answered ${warm?.status}`));

  // Let the start's garbage settle before the baseline.
  await sleep(2_000);
  const before = await readMemory(pid);
  if (!before) return all.map((f) => unmeasured(f, "failed", `cannot read /proc/${pid}/status`));
  const hwmReset = await resetPeakRss(pid);
  const cpuBefore = await cpuMs(pid);
  let peak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await readMemory(pid);
      if (m) peak = Math.max(peak, m.rss);
      await sleep(50);
    }
  })();
  // Another request's wait while the zip is drawn: what the drawing costs everyone else.
  const healthMs: number[] = [];
  const pinger = (async () => {
    while (sampling) {
      healthMs.push((await timedRequest(`${url}/healthz`)).totalMs);
      await sleep(100);
    }
  })();
  let got: Streamed;
  try {
    got = await stream(link);
  } finally {
    sampling = false;
    await Promise.all([sampler, pinger]);
  }
  const after = await readMemory(pid);
  if (hwmReset && after) peak = Math.max(peak, after.hwm);
  const details = {
    status: got.status,
    entries: got.entries,
    headersMs: round1(got.headersMs),
    contentLength: got.headers["content-length"] ?? null,
    rssBeforeMB: round1(before.rss / MB),
    peakRssMB: round1(peak / MB),
    peakIncludesVmHWM: hwmReset,
    sandboxCpuSeconds: round1(((await cpuMs(pid)) - cpuBefore) / 1000),
    loadAverage1m: round1(os.loadavg()[0] ?? 0),
  };
  if (got.status !== 200 || got.entries !== ids.length) {
    const note = `answered ${got.status} with ${got.entries} entries, expected ${ids.length}`;
    return all.map((f) => unmeasured({ ...f, details }, "failed", note));
  }
  return [
    measured({ ...firstByte, value: round1(got.firstByteMs), details }),
    measured({ ...memory, value: round1((peak - before.rss) / MB), details }),
    measured({ ...total, value: round1(got.totalMs / 1000), details }),
    measured({ ...size, value: round1(got.bytes / MB), details: { bytes: got.bytes } }),
    measured({
      ...health,
      value: round1(Math.max(...healthMs)),
      details: { requests: healthMs.length, p50: round1(percentile(healthMs, 50)) },
    }),
  ];
}

async function main(): Promise<number> {
  const ids = await ensureData();
  const sandbox = startSandbox(
    {
      SANDBOX_PORT: String(port),
      SANDBOX_MODE: "demo",
      SANDBOX_DATA_DIR: dataDir,
      DATABASE_URL: "",
      SANDBOX_LOG: "0",
      ACCESS_TOKEN_TTL_SECONDS: "86400",
    },
    path.join(dir, "sandbox.log"),
  );
  await waitForHttp(sandbox, `${url}/healthz`);
  const bearer = await sandboxLogin(url);
  console.log(`▸ one zip of ${ids.length} invoice PDFs (sandbox pid ${sandbox.pid})`);
  // Round 2 asks the same zip again: memory that stays flat grows no further; memory the zip
  // kept (or a leak) would grow again.
  const figures: Figure[] = [];
  for (const round of [1, 2]) figures.push(...(await measureZip(bearer, sandbox.pid, ids, round)));
  printTable(figures);
  console.log(JSON.stringify(figures, null, 2));
  return figures.every((f) => f.status === "ok" && f.pass !== false) ? 0 : 1;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err);
    await stopAll();
    process.exit(1);
  });
