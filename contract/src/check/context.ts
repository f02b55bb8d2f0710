// What the conformance check's steps share: the operations by path, what earlier answers taught
// the later calls, and readers of those answers.
import { LIST_PROTOCOL } from "../lists";
import type { ListModule } from "../enums";
import type { HttpMethod, Operation } from "../operation";
import { operations } from "../operations";
import { call, type Answer, type CallSpec, type CheckLine, type Target } from "./client";

/** The contract's operation at a method and path template. */
export function opAt(method: HttpMethod, path: string): Operation {
  const found = operations.find((op) => op.method === method && op.path === path);
  if (!found) throw new Error(`the contract has no ${method.toUpperCase()} ${path}`);
  return found;
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
export const field = (v: unknown, key: string): unknown => (isObject(v) ? v[key] : undefined);
export const text = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;

/** What earlier answers taught the later calls. */
export type Context = {
  target: Target;
  lines: CheckLine[];
  companyId?: string;
  refreshToken?: string;
  customerId?: string;
  enabledTabs: string[];
  lists: Partial<Record<ListModule, Json>>;
  contactDetails?: Json;
  paymentMethods?: Json[];
  subscriptions?: Json[];
};

export async function step(ctx: Context, spec: CallSpec): Promise<Answer> {
  const answer = await call(ctx.target, spec);
  ctx.lines.push(...answer.lines);
  return answer;
}

/** The rows of a list answer (payments nest theirs). */
export function rowsOf(module: ListModule, data: unknown): Json[] {
  const holder = LIST_PROTOCOL[module].nested ? field(data, module) : data;
  const rows = field(holder, module);
  return Array.isArray(rows) ? rows.filter(isObject) : [];
}

/** The first active subscription and its id. */
export function activeSubscription(ctx: Context): { id: string; subscription: Json } | null {
  for (const subscription of ctx.subscriptions ?? []) {
    const status = field(field(subscription, "status"), "value");
    const id = text(field(field(subscription, "id"), "value"));
    if (status === "active" && id) return { id, subscription };
  }
  return null;
}

/** A charge line whose quantity may change (not usage-based), with its quantity. */
export function quantityCharge(subscription: Json): { id: string; quantity: number } | null {
  const plans = field(subscription, "plans");
  for (const plan of Array.isArray(plans) ? plans : []) {
    const charges = field(plan, "charges");
    for (const charge of Array.isArray(charges) ? charges : []) {
      const quantity = field(field(charge, "quantity"), "value");
      const editable = field(field(charge, "quantity"), "editable");
      const id = text(field(field(charge, "id"), "value"));
      if (id && typeof quantity === "number" && editable === true) return { id, quantity };
    }
  }
  return null;
}
