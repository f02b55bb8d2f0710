// An XLSX export of every usage row: its time, the sandbox's memory growth while it runs, and how
// fast a list page still answers meanwhile (the job reads in keyset batches so requests interleave).
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
