/**
 * One JSON log line per request: request id, method, route pattern, status, duration (no query, no
 * tokens, no bodies). The id is the caller's X-Request-Id (the portal passes its own on, so the two
 * logs can be matched) when it is one we accept, or a new one; the answer carries it back.
 */
import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import { loggablePath } from "../request-info";

/** Ids a caller may choose: short and printable, nothing that could forge or split a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Logs each answer once it is ready; for streamed bodies the time is the time to the first byte. */
export function requestLog(log: (line: string) => void) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    const sent = c.req.header("x-request-id")?.trim();
    const requestId = sent && REQUEST_ID.test(sent) ? sent : randomUUID();
    c.header("X-Request-Id", requestId);
    await next();
    log(
      JSON.stringify({
        time: new Date().toISOString(),
        service: "sandbox",
        requestId,
        method: c.req.method,
        route: loggablePath(c),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      }),
    );
  });
}
