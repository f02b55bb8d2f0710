// An XLSX export of every usage row: its time, the sandbox's memory growth while it runs, and how
// fast a list page still answers meanwhile (the job reads in keyset batches so requests interleave).
// Then the same usages downloaded now (issue 32 §4), as CSV and as XLSX: link to last byte, memory.
import http from "node:http";
import { jsonOf, percentile, pick, round1, timedRequest } from "./http";
import { cpuMs, readMemory, resetPeakRss } from "./processes";
import { measured, unmeasured, type Figure } from "./report";

/** Budget of issue 5 §5: peak RSS minus RSS before, while a 1,000,000-row XLSX export runs. */
export const EXPORT_MEMORY_GROWTH_MB = 200;

const MB = 2 ** 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POST /v1/exports (all usages, XLSX), then polls GET /__sandbox/exports/:jobId. VmRSS of the
 * sandbox's pid is sampled every 100 ms; VmHWM is reset just before the export starts (clear_refs),
 * so a peak between two samples is caught too. `pageUrl` is requested every 500 ms meanwhile.
 */
export async function measureExport(
  sandboxUrl: string,
  bearer: string,
  sandboxPid: number,
  expectedRows: number,
  pageUrl: string,
  timeoutMs = 30 * 60_000,
): Promise<Figure[]> {
  const timeFigure = {
    group: "export" as const,
    name: `XLSX of ${expectedRows.toLocaleString("en")} usages: time`,
    unit: "s",
  };
  const memoryFigure = {
    group: "export" as const,
    name: "sandbox memory growth during the export (peak RSS − RSS before)",
    unit: "MB",
    budget: { metric: "value" as const, op: "<=" as const, limit: EXPORT_MEMORY_GROWTH_MB },
  };
  const pageFigure = {
    group: "export" as const,
    name: "list page alone while the export runs",
    unit: "ms",
  };
  const headers = { Authorization: `Bearer ${bearer}` };

  // Let the previous measurements' garbage settle before taking the baseline.
  await sleep(2_000);
  const before = await readMemory(sandboxPid);
  if (!before) {
    const note = `cannot read /proc/${sandboxPid}/status`;
    return [unmeasured(timeFigure, "failed", note), unmeasured(memoryFigure, "failed", note)];
  }
  const hwmReset = await resetPeakRss(sandboxPid);
  const cpuBefore = await cpuMs(sandboxPid);

  const started = performance.now();
  const post = await timedRequest(`${sandboxUrl}/v1/exports`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      instance: "usages",
      preference: "all_data",
      format: "xlsx",
      excludedFields: [],
      locale: "en",
    }),
  });
  const jobId = pick(jsonOf(post), "data", "jobId");
  if (post.status !== 200 || typeof jobId !== "string") {
    const status = post.status === 404 ? "not_available" : "failed";
    const note = `POST /v1/exports answered ${post.status}: ${post.body.toString("utf8").slice(0, 160)}`;
    return [unmeasured(timeFigure, status, note), unmeasured(memoryFigure, status, note)];
  }

  let peak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await readMemory(sandboxPid);
      if (m) peak = Math.max(peak, m.rss);
      await sleep(100);
    }
  })();
  const pageTimes: number[] = [];
  let pageErrors = 0;
  const pager = (async () => {
    while (sampling) {
      const res = await timedRequest(pageUrl, { headers });
      if (res.status === 200) pageTimes.push(res.totalMs);
      else pageErrors += 1;
      await sleep(500);
    }
  })();

  let state: unknown = null;
  let finished = false;
  let reported = started;
  while (performance.now() - started < timeoutMs) {
    const res = await timedRequest(`${sandboxUrl}/__sandbox/exports/${encodeURIComponent(jobId)}`);
    state = jsonOf(res);
    const status = pick(state, "status");
    if (res.status !== 200 || status === "done" || status === "failed") {
      finished = res.status === 200;
      break;
    }
    if (performance.now() - reported > 15_000) {
      reported = performance.now();
      const rows = Number(pick(state, "rowsWritten") ?? 0).toLocaleString("en");
      console.log(`  ${rows} rows written after ${Math.round((reported - started) / 1000)} s`);
    }
    await sleep(250);
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await Promise.all([sampler, pager]);
  const after = await readMemory(sandboxPid);
  const cpuSeconds = round1(((await cpuMs(sandboxPid)) - cpuBefore) / 1000);
  if (hwmReset && after) peak = Math.max(peak, after.hwm);

  const status = pick(state, "status");
  const rowsWritten = pick(state, "rowsWritten");
  const details = {
    jobStatus: typeof status === "string" ? status : null,
    rowsWritten: typeof rowsWritten === "number" ? rowsWritten : null,
    fileBytes: typeof pick(state, "size") === "number" ? (pick(state, "size") as number) : null,
    rssBeforeMB: round1(before.rss / MB),
    peakRssMB: round1(peak / MB),
    peakIncludesVmHWM: hwmReset,
    // Includes the list pages requested meanwhile (a few ms each).
    sandboxCpuSeconds: cpuSeconds,
  };
  if (!finished || status !== "done") {
    const note = finished
      ? `the job ended ${String(status)}: ${String(pick(state, "error"))}`
      : `the job did not finish within ${timeoutMs / 60_000} min`;
    return [
      unmeasured({ ...timeFigure, details }, "failed", note),
      unmeasured({ ...memoryFigure, details }, "failed", note),
    ];
  }
  const rowsNote =
    details.rowsWritten !== expectedRows
      ? `wrote ${String(details.rowsWritten)} rows, expected ${expectedRows}`
      : undefined;
  return [
    measured({
      ...timeFigure,
      value: round1(seconds),
      details,
      ...(rowsNote ? { note: rowsNote } : {}),
    }),
    measured({ ...memoryFigure, value: round1((peak - before.rss) / MB), details }),
    pageTimes.length > 0
      ? measured({
          ...pageFigure,
          p50: round1(percentile(pageTimes, 50)),
          p95: round1(percentile(pageTimes, 95)),
          details: {
            samples: pageTimes.length,
            max: round1(Math.max(...pageTimes)),
            errors: pageErrors,
          },
        })
      : unmeasured(pageFigure, "failed", `no page answered (${pageErrors} errors)`),
  ];
}

/** Budgets of issue 32 §4 for an export downloaded now, at 1,000,000 usages. */
export const EXPORT_DOWNLOAD_SECONDS = 60;
export const EXPORT_DOWNLOAD_MEMORY_GROWTH_MB = 200;

type Streamed = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Request sent → response headers (the sandbox answers them before it reads a row). */
  ttfbMs: number;
  bytes: number;
  lineEnds: number;
  /** The last bytes of the body: an XLSX ends with the zip's end-of-central-directory record. */
  tail: Buffer;
};

/** GET of a file, counted as it streams in (never held whole: a CSV of 1,000,000 rows is ~150 MB). */
function streamedGet(url: string, timeoutMs: number): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, (res) => {
      const out: Streamed = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        ttfbMs: performance.now() - started,
        bytes: 0,
        lineEnds: 0,
        tail: Buffer.alloc(0),
      };
      res.on("data", (chunk: Buffer) => {
        out.bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) out.lineEnds += 1;
        out.tail = Buffer.concat([out.tail, chunk]).subarray(-64);
      });
      res.on("error", reject);
      res.on("end", () => resolve(out));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
  });
}

/** Whether bytes end as a zip does: the end-of-central-directory record (no comment). */
const endsAsZip = (tail: Buffer) =>
  tail.length >= 22 && tail.readUInt32LE(tail.length - 22) === 0x06054b50;

/**
 * POST /v1/exports/download_url (all usages) and GET of its link to the last byte: the time from
 * the POST to the last byte and the sandbox's memory growth meanwhile (sampled as measureExport
 * samples it). The file is counted, not kept: a CSV must have a line per usage and the header, an
 * XLSX must end as a zip.
 */
export async function measureExportDownload(
  sandboxUrl: string,
  bearer: string,
  sandboxPid: number,
  expectedRows: number,
  format: "csv" | "xlsx",
  timeoutMs = 30 * 60_000,
): Promise<Figure[]> {
  const label = format.toUpperCase();
  const timeFigure = {
    group: "export" as const,
    name: `downloaded now: ${label} of ${expectedRows.toLocaleString("en")} usages, link to last byte`,
    key: `exportDownload.${format}.seconds`,
    unit: "s",
    budget: { metric: "value" as const, op: "<=" as const, limit: EXPORT_DOWNLOAD_SECONDS },
  };
  const memoryFigure = {
    group: "export" as const,
    name: `downloaded now: ${label}, sandbox memory growth (peak RSS − RSS before)`,
    key: `exportDownload.${format}.memoryGrowthMB`,
    unit: "MB",
    budget: {
      metric: "value" as const,
      op: "<=" as const,
      limit: EXPORT_DOWNLOAD_MEMORY_GROWTH_MB,
    },
  };

  await sleep(2_000);
  const before = await readMemory(sandboxPid);
  if (!before) {
    const note = `cannot read /proc/${sandboxPid}/status`;
    return [unmeasured(timeFigure, "failed", note), unmeasured(memoryFigure, "failed", note)];
  }
  const hwmReset = await resetPeakRss(sandboxPid);
  const cpuBefore = await cpuMs(sandboxPid);

  const started = performance.now();
  const post = await timedRequest(`${sandboxUrl}/v1/exports/download_url`, {
    method: "POST",
    headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      instance: "usages",
      preference: "all_data",
      format,
      excludedFields: [],
      locale: "en",
    }),
  });
  const link = pick(jsonOf(post), "data", "download_url");
  if (post.status !== 200 || typeof link !== "string") {
    const status = post.status === 404 ? "not_available" : "failed";
    const note = `POST /v1/exports/download_url answered ${post.status}: ${post.body.toString("utf8").slice(0, 160)}`;
    return [unmeasured(timeFigure, status, note), unmeasured(memoryFigure, status, note)];
  }

  let peak = before.rss;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await readMemory(sandboxPid);
      if (m) peak = Math.max(peak, m.rss);
      await sleep(100);
    }
  })();
  let got: Streamed | null = null;
  let error: string | null = null;
  try {
    got = await streamedGet(link, timeoutMs);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const after = await readMemory(sandboxPid);
  if (hwmReset && after) peak = Math.max(peak, after.hwm);

  const details = {
    httpStatus: got?.status ?? null,
    fileBytes: got?.bytes ?? null,
    contentLength: got?.headers["content-length"] ?? null,
    postMs: round1(post.totalMs),
    headersAfterMs: got ? round1(got.ttfbMs) : null,
    ...(format === "csv" ? { lines: got ? got.lineEnds : null } : {}),
    rssBeforeMB: round1(before.rss / MB),
    peakRssMB: round1(peak / MB),
    peakIncludesVmHWM: hwmReset,
    sandboxCpuSeconds: round1(((await cpuMs(sandboxPid)) - cpuBefore) / 1000),
  };
  const wrong = !got
    ? `the download failed: ${error ?? "?"}`
    : got.status !== 200
      ? `GET of the link answered ${got.status}`
      : format === "csv" && got.lineEnds !== expectedRows + 1
        ? `${got.lineEnds} lines, expected ${expectedRows + 1} (a line per usage and the header)`
        : format === "xlsx" && !endsAsZip(got.tail)
          ? "the XLSX does not end as a zip"
          : null;
  if (wrong) {
    return [
      unmeasured({ ...timeFigure, details }, "failed", wrong),
      unmeasured({ ...memoryFigure, details }, "failed", wrong),
    ];
  }
  return [
    measured({ ...timeFigure, value: round1(seconds), details }),
    measured({ ...memoryFigure, value: round1((peak - before.rss) / MB), details }),
  ];
}
