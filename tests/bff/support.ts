// A small fake of the billing API on a local port (port 0), so BFF tests never depend on the sandbox.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, expect, vi } from "vitest";
import { resetRefreshState } from "@/lib/billing/refresh";
import { clearPortalConfigCache } from "@/lib/portal-config";
import { sealSession } from "@/lib/session/seal";
import type { PortalSession } from "@/lib/session/types";

export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
};
export type FakeAnswer = {
  status?: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  delayMs?: number;
};
export type FakeHandler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export type FakeUpstream = {
  url: string;
  calls: RecordedCall[];
  on(method: string, path: string, handler: FakeHandler | FakeAnswer): void;
  callsTo(method: string, path: string): RecordedCall[];
  reset(): void;
  close(): Promise<void>;
};

/** `{code, data, error}` as the billing API sends it. */
export function ok(data: unknown): FakeAnswer {
  return { status: 200, body: { code: 200, data, error: null } };
}

export function fail(
  status: number,
  errorCode: string,
  error = "failed",
  headers: Record<string, string> = {},
  data: unknown = null,
): FakeAnswer {
  return { status, body: { code: status, data, error, errorCode }, headers };
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, FakeHandler>();
  const calls: RecordedCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://fake");
        const text = Buffer.concat(chunks).toString("utf8");
        const call: RecordedCall = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: text ? (JSON.parse(text) as unknown) : undefined,
        };
        calls.push(call);
        const handler = routes.get(`${call.method} ${call.path}`);
        const answer: FakeAnswer = handler
          ? await handler(call)
          : fail(404, "not_found", "no route in fake");
        if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, {
          "Content-Type": "application/json",
          ...answer.headers,
        });
        res.end(answer.raw ?? JSON.stringify(answer.body ?? null));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    on(method, path, handler) {
      routes.set(`${method} ${path}`, typeof handler === "function" ? handler : () => handler);
    },
    callsTo(method, path) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
    reset() {
      routes.clear();
      calls.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export const ACME_CONFIG = {
  companyId: "acme",
  name: "Acme Water",
  domain: "localhost",
  primaryColor: "#0f766e",
  logoUrl: "/brand/acme-logo.svg",
  bannerUrl: null,
  tncUrl: "https://acme.example/terms",
  privacyUrl: "https://acme.example/privacy",
  displayTncPrivacyUrl: true,
  enabledTabs: ["invoices", "payments", "usages", "credits", "statements", "subscriptions"],
  gateway: "stripe",
};

export const ADA = {
  id: "u-ada",
  email: "ada@acme.test",
  company_id: "acme",
  customer_id: "c-1",
  selected_customer_id: "c-1",
};

export function tokensDto(n: number, ttlMs = 900_000) {
  return {
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
    accessTokenExpiresAt: new Date(Date.now() + ttlMs).toISOString(),
  };
}

export function makeSession(overrides: Partial<PortalSession> = {}): PortalSession {
  const now = Date.now();
  return {
    accessToken: "access-0",
    refreshToken: "refresh-0",
    accessTokenExpiresAt: now + 900_000,
    userId: "u-ada",
    email: "ada@acme.test",
    companyId: "acme",
    host: "localhost",
    selectedCustomerId: "c-1",
    issuedAt: now,
    lastSeenAt: now,
    ...overrides,
  };
}

export const ORIGIN = "http://localhost:3000";

/** A request as the browser's apiFetch sends it to the BFF (same origin, JSON, X-CSRF). */
export function bffRequest(
  path: string,
  {
    method = "POST",
    body,
    headers = {},
    cookie,
  }: { method?: string; body?: unknown; headers?: Record<string, string>; cookie?: string } = {},
): NextRequest {
  const h: Record<string, string> = {
    host: "localhost:3000",
    origin: ORIGIN,
    "x-csrf": "1",
    ...(method === "GET" ? {} : { "content-type": "application/json" }),
    ...(cookie ? { cookie } : {}),
    ...headers,
  };
  for (const [k, v] of Object.entries(h)) if (v === "") delete h[k];
  return new NextRequest(`${ORIGIN}${path}`, {
    method,
    headers: h,
    body:
      body === undefined || method === "GET"
        ? undefined
        : typeof body === "string"
          ? body
          : JSON.stringify(body),
  });
}

/** The Cookie header carrying a sealed session. */
export async function sessionCookieHeader(session: PortalSession): Promise<string> {
  return `portal_session=${await sealSession(session)}`;
}

/** Route handler context for routes without dynamic segments. */
export function noParams(): { params: Promise<Record<string, never>> } {
  return { params: Promise.resolve({}) };
}

/** The session cookie a response sets (value "" when it clears it), or undefined. */
export function setSessionCookie(res: Response): { value: string; attributes: string } | undefined {
  const all = res.headers.getSetCookie();
  const line = all.find(
    (c) => c.startsWith("portal_session=") || c.startsWith("__Host-portal_session="),
  );
  if (!line) return undefined;
  const [pair = "", ...attrs] = line.split(";");
  return { value: pair.slice(pair.indexOf("=") + 1), attributes: attrs.join(";").trim() };
}

/** Standard env for the BFF tests: http on localhost, a fixed secret, the fake upstream. */
export function useTestEnv(upstreamUrl: string): void {
  process.env.BILLING_API_URL = upstreamUrl;
  process.env.COOKIE_SECURE = "false";
  process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123456789";
  delete process.env.TRUST_PROXY;
  delete process.env.SESSION_IDLE_MINUTES;
  delete process.env.SESSION_ABSOLUTE_HOURS;
  delete process.env.BILLING_TIMEOUT_MS;
}

/**
 * One fake upstream for the calling file or describe block: started once, closed at the end, and
 * before each test reset and made the portal's BILLING_API_URL (with the rest of the test env).
 */
export function setUpFakeUpstream(): FakeUpstream {
  let current: FakeUpstream | undefined;
  const get = (): FakeUpstream => {
    if (!current) throw new Error("the fake upstream is not started yet");
    return current;
  };
  beforeAll(async () => {
    current = await startFakeUpstream();
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(() => {
    get().reset();
    useTestEnv(get().url);
  });
  return {
    get url() {
      return get().url;
    },
    get calls() {
      return get().calls;
    },
    on: (method, path, handler) => get().on(method, path, handler),
    callsTo: (method, path) => get().callsTo(method, path),
    reset: () => get().reset(),
    close: () => get().close(),
  };
}

export type SignedInRoutes = {
  upstream: FakeUpstream;
  /** The Cookie header of Ada's session, sealed afresh before each test. */
  cookie(): string;
  /** A GET to the BFF with that cookie. */
  get(path: string): NextRequest;
};

/**
 * The setup of the signed-in route tests: the fake upstream (with the test env), Ada's session
 * cookie, the portal configuration cache and the token refresh state cleared before each test,
 * `/v1/portalConfiguration` answered by `portalConfig` (Acme's by default), and console.error
 * silenced (the handlers log the upstream failures the tests provoke).
 */
export function setUpSignedInRoutes(
  portalConfig: FakeHandler | FakeAnswer = ok(ACME_CONFIG),
): SignedInRoutes {
  const upstream = setUpFakeUpstream();
  let cookie = "";
  beforeAll(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });
  beforeEach(async () => {
    // The test env (session secret) is set just before, by setUpFakeUpstream's own beforeEach.
    cookie = await sessionCookieHeader(makeSession());
    clearPortalConfigCache();
    resetRefreshState();
    upstream.on("GET", "/v1/portalConfiguration", portalConfig);
  });
  return {
    upstream,
    cookie: () => cookie,
    get: (path) => bffRequest(path, { method: "GET", cookie }),
  };
}

/** The cookie `name` a response sets (without a __Host- prefix): its Cookie header, value and attributes. */
export function cookieSet(
  res: Response,
  name: string,
): { header: string; value: string; attributes: string } | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair = "", ...attrs] = line.split(";");
  return { header: pair, value: pair.slice(pair.indexOf("=") + 1), attributes: attrs.join(";") };
}

/** A password sign-in at POST /api/auth/login that leaves the step cookie `name`; answers it. */
export async function passwordStepTo(
  login: (req: NextRequest, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>,
  name: string,
  returnTo?: string,
) {
  const res = await login(
    bffRequest("/api/auth/login", {
      body: { email: "ada@acme.test", password: "Portal!2345", ...(returnTo && { returnTo }) },
    }),
    noParams(),
  );
  expect(res.status).toBe(200);
  const cookie = cookieSet(res, name);
  expect(cookie).not.toBeNull();
  return { res, cookie: cookie! };
}

/** A passkey's answer as the browser sends it (AuthenticationResponseJSON); only its shape matters. */
export const PASSKEY_ASSERTION = {
  id: "Y3JlZC0x",
  rawId: "Y3JlZC0x",
  type: "public-key",
  response: {
    clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
    authenticatorData: "SZYN5YgO",
    signature: "MEUCIQ",
    userHandle: "dS1hZGE",
  },
  clientExtensionResults: {},
};
