/**
 * In test mode every /v1 answer is checked against the contract (contract/src/operations): an
 * answer that breaks it becomes a 500 `contract_violation` naming the field, so any test that
 * reaches it fails. A success of a /v1 path the contract does not name fails the same way: an
 * operation the sandbox serves is an operation of the contract. Injected faults (answered before
 * this runs) are not checked: breaking the contract is what they are for.
 */
import { answerDifferences, type Difference } from "@billing-portal/contract/conformance";
import { matchOperation } from "@billing-portal/contract/operations";
import { createMiddleware } from "hono/factory";
import type { SandboxEnv } from "../env";
import { ApiError } from "../http";
import { rawPath } from "../request-info";
import { errorEnvelope } from "../respond";

/** Paths under /v1 that are not operations: the contract's own document. */
const NOT_OPERATIONS = new Set(["/v1/openapi.json"]);

async function differences(method: string, path: string, res: Response): Promise<Difference[]> {
  const op = matchOperation(method, path);
  if (!op) {
    return res.status < 400
      ? [
          {
            path: "$",
            kind: "status",
            detail: `${method} ${path} is not an operation of the contract`,
          },
        ]
      : [];
  }
  let body: unknown;
  try {
    body = JSON.parse(await res.clone().text());
  } catch {
    return [{ path: "$", kind: "invalid", detail: "the answer is not JSON" }];
  }
  return answerDifferences(op, res.status, body);
}

export const checkAnswers = createMiddleware<SandboxEnv>(async (c, next) => {
  await next();
  if (c.var.app.config.mode !== "test" || c.req.method === "HEAD") return;
  const path = rawPath(c);
  if (NOT_OPERATIONS.has(path)) return;
  const found = await differences(c.req.method, path, c.res);
  if (found.length === 0) return;
  const what = found.map((d) => `${d.path} ${d.kind}: ${d.detail}`).join("; ");
  console.error(`[sandbox] contract violation: ${c.req.method} ${path} (${c.res.status}): ${what}`);
  c.res = undefined;
  c.res = errorEnvelope(
    c,
    new ApiError(500, "contract_violation", `The answer breaks the /v1 contract: ${what}`),
  );
});
