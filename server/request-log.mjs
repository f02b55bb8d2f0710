// @ts-check
// One JSON line per request (pino): request id, company, route, status, duration. What server.mjs
// shares with the app's own modules lives on globalThis under registered symbols (lib/server-process.ts
// reads them): Next.js bundles its copies of our modules apart from this file.
//
// Nothing secret reaches a line: the route is the path without its query (reset, verification and
// invitation links carry their tokens there), token-like path segments are redacted (punch-out,
// register), and no header, cookie or body is ever logged.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

/** @typedef {{ requestId: string }} RequestContext */

const CONTEXT_KEY = Symbol.for("billing-portal.request-context");
const DRAINING_KEY = Symbol.for("billing-portal.draining");

const shared = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));

/** The request being answered, for the billing client's X-Request-Id (lib/server-process.ts). */
export const requestContext = /** @type {AsyncLocalStorage<RequestContext>} */ (
  shared[CONTEXT_KEY] ??= new AsyncLocalStorage()
);

/** From SIGTERM on, /api/ready answers 503 so a balancer sends new requests elsewhere. */
export function markDraining() {
  shared[DRAINING_KEY] = true;
}

/** Ids a caller may choose: short and printable, nothing that could forge or split a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The caller's X-Request-Id when it is one we accept (nginx's $request_id, another service's), or
 * a new one.
 * @param {string | string[] | undefined} header
 */
export function requestIdFrom(header) {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value && REQUEST_ID.test(value) ? value : randomUUID();
}

/** A path segment that looks like a token, an encrypted e-mail or a signature. */
const TOKEN_LIKE = /^[A-Za-z0-9._~%+=-]{20,}$/;

/**
 * The path as logged: no query, token-like segments as ":redacted", at most 200 characters.
 * @param {string} target the request line's target
 */
export function loggableRoute(target) {
  const q = target.search(/[?#]/);
  const path = q === -1 ? target : target.slice(0, q);
  const redacted = path
    .split("/")
    .map((s) => (TOKEN_LIKE.test(s) ? ":redacted" : s))
    .join("/");
  return redacted.length > 200 ? `${redacted.slice(0, 200)}…` : redacted;
}

/** Build assets, icons and brand images: answered by the thousand, logged only at debug level. */
const ASSET = /^\/(?:_next\/static\/|brand\/|fonts\/|favicon\.ico|icon\.svg)/;

/** Lines wait in memory until this many bytes are ready, or at most FLUSH_MS. */
const BUFFER_BYTES = 4096;
const FLUSH_MS = 1000;

/**
 * Standard output, written in batches: one write per line cost the BFF's list call a tenth of its
 * CPU (each line an asynchronous write handed to libuv's threads, with the wake-ups around it).
 * A batch is one synchronous write on this thread (nothing in flight that an exit could cut off),
 * a line is out within FLUSH_MS, and what is left is written as the process exits, a crash
 * included (a SIGKILL loses at most that last second).
 */
function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: true, minLength: BUFFER_BYTES });
  setInterval(() => stream.flush(), FLUSH_MS).unref();
  process.on("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // stdout is gone (EPIPE): nothing left to write to
    }
  });
  return stream;
}

/**
 * The portal's logger: JSON lines on stdout, level PORTAL_LOG_LEVEL (default info; "silent" for
 * none).
 * @param {import("pino").DestinationStream} [destination]
 */
export function createLogger(destination = bufferedStdout()) {
  return pino(
    {
      level: process.env.PORTAL_LOG_LEVEL || "info",
      base: { service: "portal", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/**
 * Gives the request its id (X-Request-Id on the request, for the app, and on the answer), runs
 * `next` inside its context, and logs one line when the answer is finished or the client left.
 * @param {import("pino").Logger} logger
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {() => void} next
 */
export function logRequest(logger, req, res, next) {
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = performance.now();
  const route = loggableRoute(req.url ?? "/");
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const line = {
      requestId,
      // The company is the portal's host name (docs/SECURITY.md §10): one per company.
      company: hostName(req.headers.host),
      method: req.method,
      route,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (ASSET.test(route)) logger.debug(line, "request");
    else if (res.statusCode >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  };
  res.once("finish", done);
  res.once("close", done);
  requestContext.run({ requestId }, next);
}

/**
 * The Host header's name, without port, or "" when it is not a plain host.
 * @param {string | undefined} host
 */
function hostName(host) {
  const value = (host ?? "").trim().toLowerCase();
  if (!/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(value)) return "";
  return value.startsWith("[")
    ? value.slice(0, value.indexOf("]") + 1)
    : value.replace(/:\d+$/, "");
}
