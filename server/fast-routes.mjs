// @ts-check
// BFF routes that server.mjs answers itself, without Next.js's router: the list page, which every
// click on the dashboard asks for. Next.js's routing of each request took most of the BFF's 3 ms
// budget (issue 11; bench/profile-bff.ts measures it, `PORTAL_FAST_ROUTES=0` gives the A/B); the
// handler is the very same route module (app/api/lists/[list]/route.ts: withRoute's CSRF, session,
// refresh and error mapping), bundled at build time by ./build-fast-routes.mjs and run here on a
// NextRequest, as Next.js would run it. Everything else, including every other method and path,
// goes to Next.js.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

/** @typedef {import("next/server.js").NextRequest} NextRequest */
/** @typedef {(req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>} RouteHandler */

/**
 * The routes: bundle name → its route file, the GET paths it answers (one capture per
 * parameter, a path without a trailing slash: Next.js keeps redirecting that one) and the
 * parameter names.
 */
export const FAST_ROUTES = {
  lists: {
    file: "app/api/lists/[list]/route.ts",
    path: /^\/api\/lists\/([^/?#]+)(?:\?|$)/,
    params: ["list"],
  },
};

/** Answers smaller than this go uncompressed, as Next.js's own compression does. */
const GZIP_MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);

/**
 * Where the bundles of a build live.
 * @param {string} distDir
 */
export const fastRoutesDir = (distDir) => path.resolve(distDir, "fast-routes");

/**
 * The built routes of `distDir`, or null when the build has none (a development server, or a
 * build from before they existed): then Next.js answers everything.
 * @param {string} distDir
 * @param {{ error(obj: object, msg: string): void }} [logger] where an adapter fault is logged
 * @returns {null | ((req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean)}
 */
export function loadFastRoutes(distDir, logger) {
  const dir = fastRoutesDir(distDir);
  const require = createRequire(import.meta.url);
  /** @type {{ handler: RouteHandler, path: RegExp, params: string[] }[]} */
  const routes = [];
  for (const [name, route] of Object.entries(FAST_ROUTES)) {
    const file = path.join(dir, `${name}.cjs`);
    if (!existsSync(file)) return null;
    routes.push({ handler: require(file).GET, path: route.path, params: route.params });
  }
  // Required only now: next/server needs the AsyncLocalStorage that Next.js installs as it starts.
  const { NextRequest } = require("next/server");

  /** Serves the request when a route matches; false hands it to Next.js. */
  return function serve(req, res) {
    if (req.method !== "GET") return false;
    for (const route of routes) {
      const m = route.path.exec(req.url ?? "");
      if (!m) continue;
      let params;
      try {
        params = Object.fromEntries(
          route.params.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? "")]),
        );
      } catch {
        // Not percent-decodable: server.mjs refuses such targets first; Next.js's answer otherwise.
        return false;
      }
      void answer(NextRequest, route.handler, params, req, res, logger);
      return true;
    }
    return false;
  };
}

/**
 * @param {typeof NextRequest} NextRequestClass
 * @param {RouteHandler} handler
 * @param {Record<string, string>} params
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {{ error(obj: object, msg: string): void }} [logger]
 */
async function answer(NextRequestClass, handler, params, req, res, logger) {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    // The handler reads the company from the Host header and refuses one that names none (a 400 in
    // the BFF's shape); the URL only carries the path and query, so a Host that is no host name
    // ("bad host", "x:99999", "[::1") must not make it throw first.
    const url = new URL(req.url ?? "/", requestBase(req.headers.host));
    const out = await handler(new NextRequestClass(url, { method: "GET", headers }), {
      params: Promise.resolve(params),
    });
    let body = Buffer.from(await out.arrayBuffer());
    for (const [name, value] of out.headers) if (name !== "set-cookie") res.setHeader(name, value);
    const cookies = out.headers.getSetCookie();
    if (cookies.length) res.setHeader("Set-Cookie", cookies);
    if (body.length >= GZIP_MIN_BYTES && !out.headers.has("content-encoding")) {
      res.setHeader("Vary", "Accept-Encoding");
      if (acceptsGzip(req.headers["accept-encoding"])) {
        body = await gzipAsync(body);
        res.setHeader("Content-Encoding", "gzip");
      }
    }
    res.setHeader("Content-Length", body.length);
    res.writeHead(out.status);
    res.end(body);
  } catch (err) {
    // withRoute maps every error of the handler; this is a fault of the adapter itself: one
    // structured line, and the BFF's error shape.
    (logger ?? console).error({ err, route: "fast-route" }, "the fast route failed");
    if (!res.headersSent)
      res.writeHead(500, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(res.headersSent ? undefined : INTERNAL_ERROR);
  }
}

const INTERNAL_ERROR = JSON.stringify({ error: { code: "internal", message: "errors.generic" } });

/**
 * The base the request's path is read against: its own host when that is one, else a reserved
 * name (RFC 2606) that no company has.
 * @param {string | undefined} host
 */
export function requestBase(host) {
  const base = `http://${host ?? ""}`;
  return host && URL.canParse(base) && new URL(base).host === host.toLowerCase()
    ? base
    : "http://host.invalid";
}

/**
 * Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0).
 * @param {string | string[] | undefined} header
 */
export function acceptsGzip(header) {
  if (typeof header !== "string") return false;
  return header.split(",").some((part) => {
    const [coding, ...opts] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = opts.map((o) => o.trim()).find((o) => o.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}
