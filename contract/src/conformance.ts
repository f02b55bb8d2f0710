// Whether an answer of a billing API conforms to an operation of the contract, and if not, where
// and how it differs: the JSON path of each field that breaks it and what is wrong (missing,
// renamed, wrong type, unknown enum value). The sandbox checks its own answers with it in test
// mode; `npm run contract:check` checks any billing API with it.
import { z } from "zod";
import type { Operation } from "./operation";
import { errorEnvelope, successEnvelope } from "./wire/envelope";

export type DifferenceKind =
  | "missing"
  | "renamed"
  | "wrong type"
  | "unknown enum value"
  | "out of range"
  | "invalid"
  | "status";

export type Difference = { path: string; kind: DifferenceKind; detail: string };

type Segment = string | number;

/** `$.data.invoices[0].balance` */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>(
    (out, s) =>
      typeof s === "number"
        ? `${out}[${s}]`
        : /^[A-Za-z_$][\w$]*$/.test(String(s))
          ? `${out}.${String(s)}`
          : `${out}[${JSON.stringify(String(s))}]`,
    "$",
  );
}

const typeName = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

function valueAt(root: unknown, path: readonly Segment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<Segment, unknown>)[segment];
  }
  return node;
}

/** The keys the schema names for the object at `path`, or null when it is not an object there. */
function keysAt(schema: z.ZodType, path: readonly Segment[]): string[] | null {
  let node: z.ZodType | undefined = schema;
  const unwrap = (s: z.ZodType): z.ZodType => {
    let current = s;
    for (;;) {
      if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
        current = current.unwrap() as z.ZodType;
      else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
      else if (current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
      else return current;
    }
  };
  const objectOf = (s: z.ZodType): z.ZodObject | null => {
    const bare = unwrap(s);
    if (bare instanceof z.ZodObject) return bare;
    if (bare instanceof z.ZodUnion)
      for (const option of bare.options as z.ZodType[]) {
        const found = objectOf(option);
        if (found) return found;
      }
    return null;
  };
  for (const segment of path) {
    if (!node) return null;
    const bare = unwrap(node);
    if (typeof segment === "number") {
      node = bare instanceof z.ZodArray ? (bare.element as z.ZodType) : undefined;
    } else {
      const object = objectOf(bare);
      if (object) node = (object.shape as Record<string, z.ZodType>)[segment];
      else if (bare instanceof z.ZodRecord) node = bare.valueType as z.ZodType;
      else node = undefined;
    }
  }
  const object = node ? objectOf(node) : null;
  return object ? Object.keys(object.shape) : null;
}

function describe(issue: z.core.$ZodIssue, schema: z.ZodType, body: unknown): Difference {
  const path = issue.path.filter((s): s is Segment => typeof s !== "symbol");
  const at = jsonPath(path);
  const value = valueAt(body, path);
  if ((issue.code === "invalid_type" || issue.code === "invalid_value") && value === undefined) {
    const expected =
      issue.code === "invalid_type"
        ? issue.expected
        : issue.values.map((v) => JSON.stringify(v)).join(" | ");
    const parentPath = path.slice(0, -1);
    const parent = valueAt(body, parentPath);
    const expectedKeys = keysAt(schema, parentPath);
    const name = path[path.length - 1];
    if (parent && typeof parent === "object" && !Array.isArray(parent) && expectedKeys) {
      const extra = Object.keys(parent).filter((k) => !expectedKeys.includes(k));
      if (extra.length > 0)
        return {
          path: at,
          kind: "renamed",
          detail: `"${String(name)}" is missing; the object has ${extra.map((k) => `"${k}"`).join(", ")} instead (expected ${expected})`,
        };
    }
    return { path: at, kind: "missing", detail: `expected ${expected}, found nothing` };
  }
  if (issue.code === "invalid_type")
    return {
      path: at,
      kind: "wrong type",
      detail:
        `expected ${issue.expected}, found ${typeName(value)} ${JSON.stringify(value)?.slice(0, 60) ?? ""}`.trim(),
    };
  if (issue.code === "invalid_value")
    return {
      path: at,
      kind: "unknown enum value",
      detail: `${JSON.stringify(value)?.slice(0, 60)} is not one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`,
    };
  if (issue.code === "invalid_union") {
    // The closest option's first issue says more than "no option matched".
    const nested = issue.errors
      .map((issues) => issues[0])
      .filter((i): i is z.core.$ZodIssue => i !== undefined)
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (nested) return describe({ ...nested, path: [...issue.path, ...nested.path] }, schema, body);
  }
  if (issue.code === "too_big" || issue.code === "too_small")
    return { path: at, kind: "out of range", detail: issue.message };
  return { path: at, kind: "invalid", detail: issue.message };
}

/**
 * How an answer (status and parsed JSON body) differs from the operation: nothing when it
 * conforms. A success answers the operation's envelope; a refusal or failure the error envelope
 * with `code` equal to the status.
 */
export function answerDifferences(op: Operation, status: number, body: unknown): Difference[] {
  const success = op.status ?? 200;
  if (status !== success && (status < 400 || status > 599))
    return [
      {
        path: "$",
        kind: "status",
        detail: `answered HTTP ${status}, expected ${success} or an error`,
      },
    ];
  const schema = status === success ? successEnvelope(op.data, success) : errorEnvelope;
  const result = schema.safeParse(body, { reportInput: false });
  const differences = result.success
    ? []
    : result.error.issues.map((i) => describe(i, schema, body));
  if (status !== success && result.success && result.data.code !== status)
    differences.push({
      path: "$.code",
      kind: "invalid",
      detail: `the envelope says ${result.data.code}, the HTTP status is ${status}`,
    });
  return differences;
}
