import "server-only";
import { Agent, request, type Dispatcher } from "undici";
import { ERROR_CODE_PATTERN, STATUS_ERROR_CODES } from "@billing-portal/contract/errors";
import { currentRequestId } from "@/lib/server-process";
import { BillingApiError } from "./errors";

// The one way to call /v1 (docs/ARCHITECTURE.md §2). Never logs: paths and bodies can hold tokens.
//
// undici's request() rather than fetch(): every BFF call is one of these, and in a route handler
// fetch() goes through Next.js's patched fetch (cache and tracing layers) and WHATWG streams, a
// large share of the BFF's CPU per call (bench/profile-bff.ts shows where it goes); request()
// reads the same keep-alive sockets without them.
// Redirects are not followed (an upstream redirect is an upstream fault, as with redirect: "error").

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type QueryValue = string | number | boolean | null | undefined;

export type BillingRequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, QueryValue>;
  accessToken?: string;
  timeoutMs?: number;
  /** The browser's IP, sent as X-Client-IP for the upstream's per-client limits. */
  clientIp?: string;
  /**
   * The browser's User-Agent, sent as X-Client-User-Agent on the calls that sign in (the billing
   * API lists the user's sessions with it; docs/CONTRACT.md §1 "Sessions").
   */
  clientUserAgent?: string | null;
  /** Headers an operation reads besides these (`Idempotency-Key`). */
  headers?: Record<string, string>;
};

const DEFAULT_BASE_URL = "http://127.0.0.1:4010";
const DEFAULT_TIMEOUT_MS = 10_000;

/** BILLING_API_URL, default http://127.0.0.1:4010. */
export function billingBaseUrl(): string {
  return process.env.BILLING_API_URL || DEFAULT_BASE_URL;
}

/** BILLING_TIMEOUT_MS, default 10 000. */
export function billingTimeoutMs(): number {
  const value = Number(process.env.BILLING_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_MS;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): URL {
  // Only our own /v1 paths, built by our code: refuse anything that could walk elsewhere.
  if (
    !path.startsWith("/v1/") ||
    path.includes("..") ||
    path.includes("//") ||
    path.includes("\\")
  ) {
    throw new BillingApiError(500, "invalid_path", "refused to call a non-/v1 path");
  }
  const url = new URL(path, billingBaseUrl());
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date) or the 429 body's data.retryAfter. */
export function parseRetryAfter(
  header: string | null,
  data: unknown,
  now = Date.now(),
): number | null {
  if (header) {
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const at = Date.parse(trimmed);
    if (Number.isFinite(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  if (data && typeof data === "object" && "retryAfter" in data) {
    const value = Number((data as { retryAfter: unknown }).retryAfter);
    if (Number.isFinite(value) && value >= 0) return Math.ceil(value);
  }
  return null;
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

type Envelope = { code?: unknown; data?: unknown; error?: unknown; errorCode?: unknown };

// One keep-alive pool per process (route bundles are separate modules in one process).
const AGENT_KEY = Symbol.for("billing-portal.billing-agent");
const agentRoot = globalThis as typeof globalThis & { [AGENT_KEY]?: Dispatcher };
const agent = (): Dispatcher => (agentRoot[AGENT_KEY] ??= new Agent({ connections: 64 }));

/** A browser's User-Agent as it may travel on: no control characters, at most 512 characters. */
export function forwardableUserAgent(value: string | null | undefined): string | null {
  const clean = value
    ?.replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .slice(0, 512);
  return clean || null;
}

function headerValue(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Calls /v1 and returns the envelope's `data`; every failure is a BillingApiError. */
export async function billingRequest<T>(
  path: string,
  options: BillingRequestOptions = {},
): Promise<T> {
  const { method = "GET", body, query, accessToken, clientIp } = options;
  const url = buildUrl(path, query);
  const headers: Record<string, string> = { ...options.headers, Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (clientIp) headers["X-Client-IP"] = clientIp;
  const userAgent = forwardableUserAgent(options.clientUserAgent);
  if (userAgent) headers["X-Client-User-Agent"] = userAgent;
  // The browser request's id, so the billing API's log lines can be matched with ours.
  const requestId = currentRequestId();
  if (requestId) headers["X-Request-Id"] = requestId;

  const timeoutMs = options.timeoutMs ?? billingTimeoutMs();
  let status: number;
  let retryAfterHeader: string | null;
  let text: string;
  try {
    const res = await request(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: agent(),
    });
    status = res.statusCode;
    retryAfterHeader = headerValue(res.headers["retry-after"]);
    try {
      text = await res.body.text();
    } catch (err) {
      if (isTimeout(err)) throw err;
      throw new BillingApiError(502, "upstream_unavailable", "billing API response interrupted");
    }
  } catch (err) {
    if (err instanceof BillingApiError) throw err;
    const timedOut = isTimeout(err);
    throw new BillingApiError(
      timedOut ? 504 : 502,
      "upstream_unavailable",
      timedOut ? "billing API timed out" : "billing API unreachable",
    );
  }
  const ok = status >= 200 && status < 300;
  if (status >= 300 && status < 400)
    throw new BillingApiError(502, "upstream_unavailable", "billing API answered a redirect");

  let envelope: Envelope;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new Error("not an object");
    envelope = parsed as Envelope;
  } catch {
    throw new BillingApiError(
      502,
      "upstream_malformed",
      `billing API answered ${status} without a JSON envelope`,
    );
  }

  // The envelope's code is 200 when absent; the HTTP status should equal it (201 for a creation).
  const code = typeof envelope.code === "number" ? envelope.code : 200;
  if (ok && (code === 200 || (code === 201 && status === 201))) return envelope.data as T;

  const failure = code !== 200 && code >= 400 && code <= 599 ? code : ok ? 502 : status;
  const errorCode =
    typeof envelope.errorCode === "string" && ERROR_CODE_PATTERN.test(envelope.errorCode)
      ? envelope.errorCode
      : (STATUS_ERROR_CODES[failure] ?? "upstream_error");
  const message =
    typeof envelope.error === "string"
      ? envelope.error.slice(0, 500)
      : `billing API error ${failure}`;
  const retryAfter = failure === 429 ? parseRetryAfter(retryAfterHeader, envelope.data) : null;
  throw new BillingApiError(failure, errorCode, message, retryAfter);
}
