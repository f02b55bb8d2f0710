/** One log line per request: `METHOD /route/pattern status Nms` (no query, no tokens, no bodies). */
import { createMiddleware } from "hono/factory";
import { loggablePath } from "../request-info";

/** Logs each answer once it is ready; for streamed bodies the time is the time to the first byte. */
export function requestLog(log: (line: string) => void) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    log(`${c.req.method} ${loggablePath(c)} ${c.res.status} ${ms}ms`);
  });
}
