/** Injected /v1 faults (POST /__sandbox/faults): applied before routing, as a failing upstream would. */
import { STATUS_ERROR_CODES } from "@billing-portal/contract/errors";
import { setTimeout as sleep } from "node:timers/promises";
import { createMiddleware } from "hono/factory";
import type { App } from "../app";
import type { SandboxEnv } from "../env";
import type { Fault } from "../faults";
import { ApiError } from "../http";
import { rawPath } from "../request-info";
import { envelope, sendText } from "../respond";
import { findAccessToken } from "../store/session-tokens";
import { findUserById } from "../store/users";

function injectedFault(fault: Fault): ApiError {
  const status = fault.status ?? 500;
  const errorCode = fault.errorCode ?? STATUS_ERROR_CODES[status] ?? "injected_fault";
  if (status === 429) {
    return new ApiError(
      429,
      errorCode,
      fault.message ?? "Injected fault: rate limited",
      { retryAfter: 1 },
      { "Retry-After": "1" },
    );
  }
  return new ApiError(status, errorCode, fault.message ?? `Injected fault: HTTP ${status}`);
}

/** The e-mail of the bearer's user, or null (no, unknown or expired token: the route will say). */
async function callerEmail(app: App, authorization: string | undefined): Promise<string | null> {
  const token = /^Bearer\s+(\S{1,512})\s*$/i.exec(authorization ?? "")?.[1];
  if (!token) return null;
  const found = await findAccessToken(app.db, token);
  const user = found ? await findUserById(app.db, found.userId) : null;
  return user?.email ?? null;
}

/** Delays, fails, truncates or replaces the next matching call; other calls pass through untouched. */
export const injectFaults = createMiddleware<SandboxEnv>(async (c, next) => {
  const { faults } = c.var.app;
  const path = rawPath(c);
  const caller = faults.needsCaller(c.req.method, path)
    ? await callerEmail(c.var.app, c.req.header("authorization"))
    : null;
  const fault = faults.take(c.req.method, path, caller);
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.lose) {
    // The work is done (a payment recorded), then the answer never arrives.
    await next();
    const socket = c.env?.incoming?.socket;
    if (!socket) throw new TypeError("injected lost answer");
    socket.destroy();
    c.res = new Response(null, { status: 204 });
    return;
  }
  if (fault?.reset) {
    // No answer at all: the socket is destroyed (RST when data is pending), as a crashing upstream
    // would. Without a Node socket (app.request() in tests) the nearest thing is a network error.
    const socket = c.env?.incoming?.socket;
    if (!socket) throw new TypeError("injected reset");
    socket.destroy();
    return new Response(null, { status: 204 });
  }
  if (fault?.malformed) {
    // Truncated JSON: what a proxy cutting the answer short would deliver.
    return sendText(
      c,
      fault.status ?? 200,
      '{"code":200,"data":{"truncated',
      "application/json; charset=utf-8",
    );
  }
  // Upstream data of the test's choosing, in the success envelope, instead of the route's answer.
  if (fault?.data !== undefined) return envelope(c, fault.data);
  if (fault?.status !== undefined) throw injectedFault(fault);
  await next();
});
