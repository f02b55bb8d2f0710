// Every /v1 operation of the contract, by resource. Adding an operation: define it in its
// resource's module (or a new module, listed here); the sandbox, the OpenAPI document and the
// conformance check pick it up from this list.
import type { Operation } from "../operation";
import * as account from "./account";
import * as activity from "./activity";
import * as alerts from "./alerts";
import * as auth from "./auth";
import * as documents from "./documents";
import * as factors from "./factors";
import * as lists from "./lists";
import * as payments from "./payments";
import * as periods from "./periods";
import * as sessions from "./sessions";
import * as subscriptions from "./subscriptions";

const resources: readonly Record<string, Operation>[] = [
  auth,
  lists,
  account,
  subscriptions,
  periods,
  alerts,
  payments,
  documents,
  factors,
  activity,
  sessions,
];

const METHOD_ORDER = ["get", "post", "put", "delete"];

// By path, then method: a module namespace lists its exports in an order that differs between
// loaders, and the OpenAPI document must come out the same everywhere.
export const operations: readonly Operation[] = resources
  .flatMap((ops) => Object.values(ops))
  .sort(
    (a, b) =>
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );

/** The operation with this id (a typo is a crash in tests, not a silent miss). */
export function operationById(id: string): Operation {
  const found = operations.find((op) => op.id === id);
  if (!found) throw new Error(`no /v1 operation "${id}" in the contract`);
  return found;
}

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The operation a request names, by method and path (`HEAD` reads as `GET`), or null. */
export function matchOperation(method: string, path: string): Operation | null {
  const verb = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  for (const { op, pattern } of patterns()) {
    if (op.method === verb && pattern.test(trimmed)) return op;
  }
  return null;
}

let compiled: { op: Operation; pattern: RegExp }[] | null = null;
// Literal paths before templated ones: /v1/paymentMethods/getAchCreditDetails is not /{id}.
function patterns() {
  compiled ??= [...operations]
    .sort((a, b) => Number(a.path.includes("{")) - Number(b.path.includes("{")))
    .map((op) => ({
      op,
      pattern: new RegExp(
        `^${op.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(PARAM, "[^/]+")}$`,
      ),
    }));
  return compiled;
}
