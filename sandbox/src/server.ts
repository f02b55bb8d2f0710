/** The sandbox HTTP server (node:http): /v1 billing API, /__sandbox/ control endpoints, /healthz. */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { App } from "./app";
import { createCaptchaVerifier } from "./captcha";
import { controlEnabled, type SandboxConfig } from "./config";
import { openDb, type Db } from "./db";
import { migrate } from "./db/migrate";
import { FaultInjector, type Fault } from "./faults";
import {
  ApiError,
  notFound,
  readJsonBody,
  sendEnvelope,
  sendErrorEnvelope,
  sendJson,
  sendText,
} from "./http";
import { LoginRateLimiter } from "./rate-limit";
import type { RequestContext, Router } from "./router";
import { createControlRouter, resetSandbox, type ControlResponse } from "./routes/control";
import { createV1Router } from "./routes/v1";
import { seedIfEmpty } from "./seed";

export type SandboxOptions = {
  /** Clock in epoch ms (tests move time forward with it). Default Date.now. */
  now?: () => number;
  /** Use this database instead of opening the configured one (it is migrated and seeded if empty; close() leaves it open). */
  db?: Db;
  /** Receives one line per request; default: console.log when config.log is set. */
  logger?: (line: string) => void;
  /** Replaces the hCaptcha verifier. */
  verifyCaptcha?: App["verifyCaptcha"];
};

export type Sandbox = {
  /** http://host:port once listening. */
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  db: Db;
  app: App;
  /** The request listener (usable without listen()). */
  handle: RequestListener;
  /** Same as POST /__sandbox/reset. */
  reset(): Promise<void>;
};

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths are logged by route pattern; unmatched paths with token-like segments are redacted. */
function loggablePath(path: string): string {
  const redacted = path
    .split("/")
    .map((s) => (/^[A-Za-z0-9._~%-]{20,}$/.test(s) ? ":redacted" : s))
    .join("/");
  return redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted;
}

function clientIpOf(req: IncomingMessage): string {
  const header = req.headers["x-client-ip"];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value) return value.slice(0, 100);
  return req.socket.remoteAddress ?? "unknown";
}

const FAULT_ERROR_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "validation",
  429: "rate_limited",
};

function injectedFault(fault: Fault): ApiError {
  const status = fault.status ?? 500;
  const errorCode = FAULT_ERROR_CODES[status] ?? "injected_fault";
  if (status === 429) {
    return new ApiError(
      429,
      errorCode,
      "Injected fault: rate limited",
      { retryAfter: 1 },
      { "Retry-After": "1" },
    );
  }
  return new ApiError(status, errorCode, `Injected fault: HTTP ${status}`);
}

export async function createSandbox(
  config: SandboxConfig,
  options: SandboxOptions = {},
): Promise<Sandbox> {
  const ownsDb = !options.db;
  const db = options.db ?? (await openDb(config));
  if (options.db) await migrate(db);
  await seedIfEmpty(db);

  const app: App = {
    config,
    db,
    now: options.now ?? Date.now,
    limiter: new LoginRateLimiter(config.loginMaxFailuresPerClient),
    faults: new FaultInjector(),
    verifyCaptcha: options.verifyCaptcha ?? createCaptchaVerifier(config),
  };
  const log =
    options.logger ?? (config.log ? (line: string) => console.log(line) : () => undefined);
  const v1 = createV1Router(app);
  const control = controlEnabled(config) ? createControlRouter(app) : null;

  function contextFor(
    req: IncomingMessage,
    method: string,
    path: string,
    query: URLSearchParams,
    params: Record<string, string>,
  ) {
    let body: Promise<unknown> | undefined;
    const ctx: RequestContext = {
      req,
      method,
      path,
      params,
      query,
      clientIp: clientIpOf(req),
      body: () =>
        (body ??= BODY_METHODS.has(method) ? readJsonBody(req) : Promise.resolve(undefined)),
    };
    return ctx;
  }

  function routeOrThrow<R>(router: Router<R>, method: string, path: string) {
    const match = router.match(method, path);
    if (match.kind === "not_found") throw notFound(`No route for ${method} ${path}`);
    if (match.kind === "method_not_allowed") {
      throw new ApiError(405, "method_not_allowed", `Method ${method} not allowed`, null, {
        Allow: match.allowed.join(", "),
      });
    }
    return match;
  }

  async function handleV1(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
    setLogPath: (p: string) => void,
  ) {
    const fault = app.faults.take(method, path);
    if (fault?.delayMs) await sleep(fault.delayMs);
    if (fault && (fault.status !== undefined || fault.malformed)) {
      req.resume();
      if (fault.malformed) {
        // Truncated JSON: what a proxy cutting the answer short would deliver.
        sendText(
          res,
          fault.status ?? 200,
          '{"code":200,"data":{"truncated',
          "application/json; charset=utf-8",
        );
        return;
      }
      throw injectedFault(fault);
    }
    const match = routeOrThrow(v1, method, path);
    setLogPath(match.route.pattern);
    const data = await match.route.handler(contextFor(req, method, path, query, match.params));
    req.resume();
    sendEnvelope(res, 200, data);
  }

  async function handleControl(
    router: Router<ControlResponse>,
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    query: URLSearchParams,
  ) {
    const match = routeOrThrow(router, method, path);
    const out = await match.route.handler(contextFor(req, method, path, query, match.params));
    req.resume();
    if (out.kind === "json") sendJson(res, out.status, out.body);
    else
      sendText(
        res,
        out.status,
        out.text,
        out.headers["Content-Type"] ?? "text/plain; charset=utf-8",
        out.headers,
      );
  }

  const handle: RequestListener = (req, res) => {
    const started = performance.now();
    const method = (req.method ?? "GET").toUpperCase();
    let path = "/";
    let query = new URLSearchParams();
    try {
      const url = new URL(req.url ?? "/", "http://sandbox.invalid");
      path = url.pathname;
      query = url.searchParams;
    } catch {
      // keep "/"
    }
    let logPath = loggablePath(path);
    res.on("finish", () => {
      log(`${method} ${logPath} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
    });

    const work = async () => {
      if (path === "/v1" || path.startsWith("/v1/")) {
        await handleV1(req, res, method, path, query, (p) => (logPath = p));
      } else if (control && path.startsWith("/__sandbox/")) {
        await handleControl(control, req, res, method, path, query);
      } else if (path === "/healthz" && (method === "GET" || method === "HEAD")) {
        sendJson(res, 200, { ok: true, mode: config.mode });
      } else {
        throw notFound(`No route for ${method} ${path}`);
      }
    };

    work().catch((err: unknown) => {
      req.resume();
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof ApiError) {
        sendErrorEnvelope(res, err);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      console.error(`[sandbox] ${method} ${logPath} failed: ${message}`);
      sendErrorEnvelope(res, new ApiError(500, "internal_error", "Internal error"));
    });
  };

  let server: Server | null = null;
  let url: string | null = null;

  const sandbox: Sandbox = {
    get url() {
      if (!url) throw new Error("The sandbox is not listening");
      return url;
    },
    db,
    app,
    handle,
    async listen(port = config.port) {
      if (server) throw new Error("The sandbox is already listening");
      const s = createServer(handle);
      s.headersTimeout = 30_000;
      s.requestTimeout = 180_000;
      s.keepAliveTimeout = 5_000;
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(port, config.host, () => {
          s.off("error", reject);
          resolve();
        });
      });
      server = s;
      const address = s.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      url = `http://${host}:${address.port}`;
      return url;
    },
    async close() {
      const s = server;
      server = null;
      url = null;
      if (s) {
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
          setTimeout(() => s.closeAllConnections(), 2_000).unref();
        });
      }
      if (ownsDb) await db.close();
    },
    reset: () => resetSandbox(app),
  };
  return sandbox;
}
