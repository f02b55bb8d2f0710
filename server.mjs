// @ts-check
// The portal's HTTP server: Next.js's own request handler behind three things only a server that
// holds the socket can do (docs/SECURITY.md §10, §7):
//   1. The client's address. Route handlers never see the socket, and Next.js keeps a client's own
//      X-Forwarded-For when it sends one, so without a trusted proxy any header would let a client
//      choose its address (and a fresh one per sign-in guess). This server writes the socket's
//      address into CLIENT_IP_HEADER on every request, over whatever the client sent.
//   2. Requests Next.js cannot decode (invalid UTF-8 in the path) or that carry a NUL in the path
//      or query are answered 400 in the BFF's error shape (rewritten to /api/bad-request, whose
//      handler adds the security headers), not as Next.js's plain-text 500.
//   3. X-Content-Type-Options: nosniff on every answer, build assets under /_next/static included.
// It also answers the hottest BFF route without Next.js's router (server/fast-routes.mjs), unless
// PORTAL_FAST_ROUTES=0 or the build has no bundle of it.
// Every request gets an id (X-Request-Id, kept when the caller sent a valid one, passed on to the
// billing API) and one JSON log line (server/request-log.mjs).
// On SIGTERM or SIGINT it stops taking connections, lets the requests in flight finish, then exits;
// from that moment /api/ready answers 503.
//
//   node server.mjs [--dev] [-p PORT]      (PORT, default 3000; PORTAL_LISTEN_HOST, default all)
import { createServer } from "node:http";
import next from "next";
import { loadFastRoutes } from "./server/fast-routes.mjs";
import { createLogger, logRequest, markDraining } from "./server/request-log.mjs";

/** Set from the socket on every request; lib/request-host.ts reads it. */
const CLIENT_IP_HEADER = "x-portal-client-ip";
/** The route that answers a refused request (app/api/bad-request/route.ts). */
const BAD_REQUEST_PATH = "/api/bad-request";
/** How long a stopping server waits for requests in flight before it exits anyway. */
const DRAIN_MS = Number(process.env.PORTAL_DRAIN_MS ?? 10_000);

const args = process.argv.slice(2);
const dev = args.includes("--dev");
const portFlag = args.findIndex((a) => a === "-p" || a === "--port");
const port = Number(portFlag >= 0 ? args[portFlag + 1] : (process.env.PORT ?? 3000));
const listenHost = process.env.PORTAL_LISTEN_HOST || undefined;

/**
 * Whether a request target must be refused before Next.js sees it: a path that is not valid
 * percent-encoded UTF-8, or a NUL (raw or %00) anywhere in the path or query.
 * @param {string} target the request line's target, e.g. "/api/plans?search=x"
 */
function refusedTarget(target) {
  if (target.includes("\0") || /%00/.test(target)) return true;
  const q = target.indexOf("?");
  const path = q === -1 ? target : target.slice(0, q);
  try {
    decodeURIComponent(path);
  } catch {
    return true;
  }
  return false;
}

const logger = createLogger();
const app = next({ dev, port, hostname: listenHost ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();
const fastRoutes =
  dev || process.env.PORTAL_FAST_ROUTES === "0"
    ? null
    : loadFastRoutes(process.env.NEXT_DIST_DIR || ".next", logger);

const server = createServer((req, res) => {
  // Added as the head is written, where nothing else set it (pages and the BFF set their own).
  const writeHead = res.writeHead;
  // @ts-expect-error -- the same overloads, passed on as they came
  res.writeHead = function (...head) {
    if (!res.hasHeader("x-content-type-options"))
      res.setHeader("X-Content-Type-Options", "nosniff");
    // @ts-expect-error -- see above
    return writeHead.apply(this, head);
  };
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "";
  logRequest(logger, req, res, () => {
    if (refusedTarget(req.url ?? "/")) req.url = BAD_REQUEST_PATH;
    if (!fastRoutes?.(req, res)) void handle(req, res);
  });
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  markDraining();
  logger.info({ drainMs: DRAIN_MS }, "stopping: finishing the requests in flight");
  // close() stops accepting and resolves once every connection has ended; idle keep-alive ones
  // are closed now, busy ones when their answer is sent.
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), DRAIN_MS).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

server.listen(port, listenHost, () => {
  logger.info(
    { url: `http://${listenHost ?? "localhost"}:${port}`, dev, fastRoutes: Boolean(fastRoutes) },
    "portal ready",
  );
});
