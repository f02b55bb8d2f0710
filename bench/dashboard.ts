// The dashboard's server render on the usages tab at scale: time to first byte and to the last.
import { percentile, round1, timedRequest } from "./http";
import type { Pids } from "./lists";
import { cpuMs } from "./processes";
import { measured, unmeasured, type Figure } from "./report";

/**
 * `requests` sequential GETs of /portal/dashboard?tab=usages with the session cookie, after two
 * warm-up calls. The page streams, so the first byte can leave before the list's data is in:
 * both times are recorded, and whether the HTML holds the first row (a server-painted page).
 */
export async function measureDashboard(
  portalUrl: string,
  cookie: string,
  firstRowId: string | null,
  requests: number,
  pids: Pids,
): Promise<Figure[]> {
  const url = `${portalUrl}/portal/dashboard?tab=usages`;
  const headers = { Cookie: cookie, Accept: "text/html" };
  const ttfb: number[] = [];
  const total: number[] = [];
  let painted = false;
  let bytes = 0;
  const base = { group: "dashboard" as const, unit: "ms" };
  let cpu = { sandbox: 0, portal: 0 };
  for (let i = 0; i < requests + 2; i++) {
    const before = await Promise.all([cpuMs(pids.sandbox), cpuMs(pids.portal, true)]);
    const res = await timedRequest(url, { headers });
    const after = await Promise.all([cpuMs(pids.sandbox), cpuMs(pids.portal, true)]);
    if (res.status !== 200) {
      const note =
        res.status >= 300 && res.status < 400
          ? `answered ${res.status} to ${String(res.headers.location)} (session not accepted?)`
          : `answered ${res.status}`;
      const status = res.status === 404 ? "not_available" : "failed";
      return [
        unmeasured({ ...base, name: "TTFB, /portal/dashboard?tab=usages" }, status, note),
        unmeasured({ ...base, name: "full response, /portal/dashboard?tab=usages" }, status, note),
      ];
    }
    if (i < 2) continue;
    cpu = {
      sandbox: cpu.sandbox + after[0] - before[0],
      portal: cpu.portal + after[1] - before[1],
    };
    ttfb.push(res.ttfbMs);
    total.push(res.totalMs);
    const html = res.body.toString("utf8");
    bytes = res.body.length;
    painted = firstRowId !== null && html.includes(firstRowId);
  }
  const details = {
    requests,
    htmlBytes: bytes,
    firstRowInHtml: painted,
    portalCpuMsPerRender: round1(cpu.portal / requests),
    sandboxCpuMsPerRender: round1(cpu.sandbox / requests),
  };
  const note = painted
    ? undefined
    : "the HTML does not hold the list's first row: the usages table is not server-rendered yet";
  return [
    measured({
      ...base,
      name: "TTFB, /portal/dashboard?tab=usages",
      p50: round1(percentile(ttfb, 50)),
      p95: round1(percentile(ttfb, 95)),
      cpuMs: details.portalCpuMsPerRender,
      details,
      ...(note ? { note } : {}),
    }),
    measured({
      ...base,
      name: "full response, /portal/dashboard?tab=usages",
      p50: round1(percentile(total, 50)),
      p95: round1(percentile(total, 95)),
      details,
    }),
  ];
}
