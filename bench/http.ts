// Timed HTTP calls, percentiles and the two ways to sign in (sandbox bearer, portal cookie).
import http from "node:http";

/** One keep-alive connection pool for sequential measurements (no TCP handshake in the figures). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export type Timed = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Request sent → response headers parsed (Node sees them with the first byte). */
  ttfbMs: number;
  /** Request sent → last byte of the body. */
  totalMs: number;
  body: Buffer;
};

/** A request whose two times are measured with performance.now(); bodies are read whole. */
export function timedRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method: init.method ?? "GET", headers: init.headers, agent },
      (res) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            ttfbMs,
            totalMs: performance.now() - started,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Parses a JSON body, or null. */
export function jsonOf(res: Timed): unknown {
  try {
    return JSON.parse(res.body.toString("utf8")) as unknown;
  } catch {
    return null;
  }
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** A field of a JSON object by path, or undefined. */
export function pick(value: unknown, ...keys: string[]): unknown {
  let v = value;
  for (const key of keys) {
    if (!v || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

export const ADA = { email: "ada@acme.test", password: "Portal!2345", companyId: "acme" };

/** POST /v1/auth/login on the sandbox: ada's bearer token. */
export async function sandboxLogin(sandboxUrl: string): Promise<string> {
  const res = await timedRequest(`${sandboxUrl}/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADA),
  });
  const token = pick(jsonOf(res), "data", "accessToken");
  if (res.status !== 200 || typeof token !== "string")
    throw new Error(
      `sandbox login answered ${res.status}: ${res.body.toString("utf8").slice(0, 200)}`,
    );
  return token;
}

/**
 * POST /api/auth/login on the portal as a browser would send it: JSON, X-CSRF: 1 and our own
 * Origin (lib/http/origin.ts). Returns the `Cookie` header value of the sealed session.
 */
export async function portalLogin(portalUrl: string): Promise<string> {
  const res = await timedRequest(`${portalUrl}/api/auth/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-CSRF": "1",
      Origin: new URL(portalUrl).origin,
    },
    body: JSON.stringify({ email: ADA.email, password: ADA.password }),
  });
  const cookies = (res.headers["set-cookie"] ?? [])
    .map((line) => line.split(";")[0]?.trim() ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="));
  if (res.status !== 200 || cookies.length === 0)
    throw new Error(
      `portal login answered ${res.status}: ${res.body.toString("utf8").slice(0, 200)}`,
    );
  return cookies.join("; ");
}
