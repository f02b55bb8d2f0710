/** Injected /v1 faults (POST /__sandbox/faults): applied before routing, as a failing upstream would. */
import { setTimeout as sleep } from "node:timers/promises";
import { createMiddleware } from "hono/factory";
import type { SandboxEnv } from "../env";
import type { Fault } from "../faults";
import { ApiError } from "../http";
import { rawPath } from "../request-info";
import { sendText } from "../respond";

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

/** Delays, fails or truncates the next matching call; other calls pass through untouched. */
export const injectFaults = createMiddleware<SandboxEnv>(async (c, next) => {
  const fault = c.var.app.faults.take(c.req.method, rawPath(c));
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.malformed) {
    // Truncated JSON: what a proxy cutting the answer short would deliver.
    return sendText(
      c,
      fault.status ?? 200,
      '{"code":200,"data":{"truncated',
      "application/json; charset=utf-8",
    );
  }
  if (fault?.status !== undefined) throw injectedFault(fault);
  await next();
});
