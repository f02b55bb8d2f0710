import "server-only";
import type { AsyncLocalStorage } from "node:async_hooks";

// What server.mjs shares with the app (server/request-log.mjs writes it): Next.js bundles the app's
// modules apart from server.mjs, so the two meet on globalThis under registered symbols. Under
// `next dev` or in tests nothing is there: no request id, never draining.

const CONTEXT_KEY = Symbol.for("billing-portal.request-context");
const DRAINING_KEY = Symbol.for("billing-portal.draining");

type Shared = {
  [CONTEXT_KEY]?: AsyncLocalStorage<{ requestId: string }>;
  [DRAINING_KEY]?: boolean;
};

const shared = globalThis as typeof globalThis & Shared;

/** The id of the request being answered (its X-Request-Id), passed on to the billing API. */
export function currentRequestId(): string | undefined {
  return shared[CONTEXT_KEY]?.getStore()?.requestId;
}

/** Whether this instance got SIGTERM and is finishing the requests in flight. */
export function isDraining(): boolean {
  return shared[DRAINING_KEY] === true;
}
