// The conformance check's HTTP side: one call of an operation against a billing API, its answer
// checked against the contract, and one line of the report.
import { answerDifferences, type Difference } from "../conformance";
import type { Operation } from "../operation";

export type Outcome = "conforms" | "differs" | "skipped";

export type CheckLine = {
  outcome: Outcome;
  /** `GET /v1/invoices` */
  operation: string;
  /** What this call did, when one operation is called several ways (`page 2`, `filter gt`). */
  label?: string;
  /** differs: the first difference; skipped: why. */
  detail?: string;
  differences?: Difference[];
};

export type Answer = { status: number; body: unknown; lines: CheckLine[] };

export type CallSpec = {
  op: Operation;
  label?: string;
  pathParams?: Record<string, string>;
  query?: URLSearchParams | Record<string, string>;
  body?: unknown;
  /** Refusal statuses that are a right answer here (an unknown token: 400; no bank details: 404). */
  accept?: readonly number[];
};

/** Where and as whom the check calls. */
export type Target = { api: string; token: string | null; timeoutMs: number };

export const operationName = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;

function url(target: Target, spec: CallSpec): URL {
  const path = spec.op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = spec.pathParams?.[name];
    if (value === undefined) throw new Error(`${spec.op.id}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const out = new URL(`${target.api.replace(/\/+$/, "")}${path}`);
  const query =
    spec.query instanceof URLSearchParams ? spec.query : new URLSearchParams(spec.query ?? {});
  out.search = query.toString();
  return out;
}

const readBody = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Calls the operation and checks the answer; never throws for what the API answers. */
export async function call(target: Target, spec: CallSpec): Promise<Answer> {
  const name = operationName(spec.op);
  const line = (outcome: Outcome, detail?: string, differences?: Difference[]): CheckLine => ({
    outcome,
    operation: name,
    ...(spec.label ? { label: spec.label } : {}),
    ...(detail ? { detail } : {}),
    ...(differences ? { differences } : {}),
  });
  const headers: Record<string, string> = { Accept: "application/json" };
  if (spec.body !== undefined) headers["Content-Type"] = "application/json";
  if (spec.op.auth === "bearer" && target.token) headers.Authorization = `Bearer ${target.token}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url(target, spec), {
      method: spec.op.method.toUpperCase(),
      headers,
      body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
      redirect: "manual",
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { status: 0, body: undefined, lines: [line("differs", `no answer: ${why}`)] };
  }
  const body = readBody(text);
  if (body === undefined)
    return {
      status: res.status,
      body,
      lines: [line("differs", `answered HTTP ${res.status} that is not JSON`)],
    };
  const differences = answerDifferences(spec.op, res.status, body);
  const success = spec.op.status ?? 200;
  if (differences.length === 0 && res.status !== success) {
    const envelope = body as { error?: unknown; errorCode?: unknown };
    const said = `${String(envelope.errorCode ?? "")} ${String(envelope.error ?? "")}`.trim();
    if (!spec.accept?.includes(res.status))
      return {
        status: res.status,
        body,
        lines: [
          line("differs", `answered ${res.status} (${said}) where the check expects ${success}`),
        ],
      };
    if (res.status < 500 && !spec.op.errors.includes(res.status as never))
      return {
        status: res.status,
        body,
        lines: [line("differs", `answered ${res.status}, which the contract does not list for it`)],
      };
  }
  if (differences.length > 0) {
    const first = differences[0]!;
    return {
      status: res.status,
      body,
      lines: [line("differs", `${first.path} ${first.kind}: ${first.detail}`, differences)],
    };
  }
  return { status: res.status, body, lines: [line("conforms")] };
}

/** A line for an operation the check did not call, and why. */
export const skipped = (op: Operation, why: string, label?: string): CheckLine => ({
  outcome: "skipped",
  operation: operationName(op),
  ...(label ? { label } : {}),
  detail: why,
});

/** The envelope's `data` of a success (conforming or not), or undefined. */
export function dataOf(answer: Answer): unknown {
  if (answer.status < 200 || answer.status > 299) return undefined;
  const body = answer.body as { data?: unknown } | null;
  return body && typeof body === "object" ? body.data : undefined;
}
