// The conformance check (`npm run contract:check`): finds the company by its portal host, signs in
// as a portal user, calls every read operation of the contract (the lists with paging, sorting and
// a filter of each type; documents; configuration; account; subscriptions; plans) and, with
// `write`, the mutating ones on a test tenant, putting back what it changed. Each answer is checked
// against the contract; the report has one line per call.
import { LIST_MODULES, type ListModule } from "../enums";
import {
  BUILDER_OPERATORS,
  containsRegex,
  filterOptionLabels,
  PRESENT_REGEX,
  type FilterOperator,
  type FilterValueType,
  type WireFilter,
} from "../filter-options";
import { LIST_PROTOCOL } from "../lists";
import type { Operation } from "../operation";
import { operations } from "../operations";
import { dataOf, skipped, type CheckLine } from "./client";
import {
  activeSubscription,
  field,
  isObject,
  opAt,
  quantityCharge,
  rowsOf,
  step,
  text,
  type Context,
} from "./context";
import { writeSteps } from "./write";

export type CheckOptions = {
  /** The billing API's origin (and base path), e.g. https://billing.example.com */
  api: string;
  /** The portal's host name, as GET /v1/portalConfiguration?host= knows it. */
  host: string;
  email: string;
  password: string;
  /** Also the mutating operations (a test tenant only). */
  write: boolean;
  timeoutMs?: number;
};

export type CheckReport = { lines: CheckLine[]; ok: boolean };

/** A value of each type that any answer may meet (filters only need to be well formed). */
const SAMPLE_VALUES: Record<FilterValueType, (operator: FilterOperator) => string> = {
  text: (op) => (op === "like" ? "a" : op === "not_like" ? "(x)" : "contract-check"),
  number: (op) => (op === "gt" ? "0" : op === "lt" ? "1000000" : "10"),
  date: (op) => (op === "gte" ? "2000-01-01" : op === "lte" ? "2100-12-31" : "2026-01-01"),
  boolean: () => "true",
};

/** A filter of every operator of the filter builder on a field of this type. */
function filterSamples(field: string, type: FilterValueType): WireFilter[] {
  return BUILDER_OPERATORS[type].map((operator) => ({
    field,
    operator,
    value:
      operator === "is_present" || operator === "is_not_present"
        ? null
        : SAMPLE_VALUES[type](operator),
  }));
}

async function listSteps(ctx: Context, module: ListModule): Promise<void> {
  const op = opAt("get", `/v1/${module}`);
  const protocol = LIST_PROTOCOL[module];
  if (!ctx.enabledTabs.includes(module)) {
    ctx.lines.push(skipped(op, "the company's portal does not show this list"));
    return;
  }
  const first = await step(ctx, {
    op,
    label: "first page with its configuration",
    query: { page: "1", size: "5", initial_req: "true" },
  });
  const data = dataOf(first);
  if (isObject(data)) ctx.lists[module] = data;
  await step(ctx, {
    op,
    label: "page 2 without a total",
    query: { page: "2", size: "5", with_total: "false" },
  });
  const { column } = protocol.defaultSort;
  await step(ctx, {
    op,
    label: `sorted by ${column} asc`,
    query: { size: "5", sort: `${column} asc` },
  });
  const seen = new Set<string>();
  for (const [name, type] of Object.entries(protocol.filters)) {
    if (seen.has(type)) continue;
    seen.add(type);
    for (const filter of filterSamples(name, type)) {
      const query = new URLSearchParams(filterOptionLabels(module, [filter]));
      query.set("size", "5");
      const shown =
        filter.operator === "like"
          ? containsRegex(filter.value ?? "")
          : (filter.value ?? PRESENT_REGEX);
      await step(ctx, { op, label: `filter ${name} ${filter.operator} ${shown} (${type})`, query });
    }
  }
}

async function documentSteps(ctx: Context): Promise<void> {
  const pdf = opAt("get", "/v1/invoices/getPdfUrl");
  const invoice = rowsOf("invoices", ctx.lists.invoices)[0];
  const invoiceId = text(field(invoice, "id"));
  if (invoiceId) await step(ctx, { op: pdf, query: { invoice_id: invoiceId } });
  else ctx.lines.push(skipped(pdf, "no invoice to ask for"));

  const attachments = opAt("get", "/v1/download/download_attachments");
  const attachmentId = LIST_MODULES.flatMap((m) => rowsOf(m, ctx.lists[m]))
    .flatMap((row) => Object.values(isObject(row.custom_fields) ? row.custom_fields : {}))
    .map((value) => text(field(value, "attachment_id")))
    .find((id) => id !== undefined);
  if (attachmentId) await step(ctx, { op: attachments, query: { attachment_id: attachmentId } });
  else ctx.lines.push(skipped(attachments, "no row on the first pages has an attachment"));

  await step(ctx, { op: opAt("get", "/v1/payments/getPayNowUrl") });
  await step(ctx, { op: opAt("get", "/v1/customers/account_detail") });
  await step(ctx, {
    op: opAt("get", "/v1/filter/fetch_instances"),
    query: { field: "invoices.status", module_name: "invoices" },
  });
}

async function accountSteps(ctx: Context): Promise<void> {
  const contact = await step(ctx, { op: opAt("get", "/v1/user/me/contactDetails") });
  const details = dataOf(contact);
  if (isObject(details)) ctx.contactDetails = details;
  const methods = await step(ctx, { op: opAt("get", "/v1/paymentMethods") });
  const list = field(dataOf(methods), "paymentMethods");
  if (Array.isArray(list)) ctx.paymentMethods = list.filter(isObject);
  await step(ctx, {
    op: opAt("get", "/v1/paymentMethods/getAchCreditDetails"),
    label: "404 when the customer has none",
    accept: [404],
  });
  await step(ctx, { op: opAt("get", "/v1/paymentMethods/getAddPaymentMethodFormUrl") });
  const activity = opAt("get", "/v1/customers/{customerId}/activity");
  if (ctx.customerId)
    // Optional: a billing API without the activity log answers 404 (the portal hides it).
    await step(ctx, {
      op: activity,
      pathParams: { customerId: ctx.customerId },
      query: { page_size: "5" },
      label: "or 404 when the billing API keeps no activity log",
      accept: [404],
    });
  else ctx.lines.push(skipped(activity, "the user acts for no customer"));
}

async function subscriptionSteps(ctx: Context): Promise<void> {
  const list = opAt("get", "/v1/subscriptions");
  if (!ctx.enabledTabs.includes("subscriptions")) {
    for (const op of operations.filter((o) => o.tag === "subscriptions" && o.method === "get"))
      ctx.lines.push(skipped(op, "the company's portal does not show subscriptions"));
    return;
  }
  const answer = await step(ctx, { op: list, query: { customer_id: ctx.customerId ?? "" } });
  const subscriptions = field(dataOf(answer), "subscriptions");
  ctx.subscriptions = Array.isArray(subscriptions) ? subscriptions.filter(isObject) : [];

  const plans = await step(ctx, {
    op: opAt("get", "/v1/plans"),
    query: { page: "1", pageSize: "5", sort: "name asc" },
  });
  const planRows = field(dataOf(plans), "data");
  const planId = Array.isArray(planRows) ? text(field(planRows[0], "id")) : undefined;
  const planOp = opAt("get", "/v1/plans/{id}");
  if (planId) await step(ctx, { op: planOp, pathParams: { id: planId } });
  else ctx.lines.push(skipped(planOp, "the catalogue has no plan"));

  const active = activeSubscription(ctx);
  const cancelDate = opAt("get", "/v1/subscriptions/{id}/cancel_date");
  const preview = opAt("put", "/v1/subscriptions/{id}/change_preview");
  if (!active) {
    ctx.lines.push(skipped(cancelDate, "the customer has no active subscription"));
    ctx.lines.push(skipped(preview, "the customer has no active subscription"));
    return;
  }
  await step(ctx, {
    op: cancelDate,
    pathParams: { id: active.id },
    query: { cancellation_type: "end_of_current_billing_period" },
  });
  const charge = quantityCharge(active.subscription);
  if (charge)
    await step(ctx, {
      op: preview,
      label: "one more of a charge (writes nothing)",
      pathParams: { id: active.id },
      body: { charges: [{ id: charge.id, quantity: charge.quantity + 1 }] },
    });
  else ctx.lines.push(skipped(preview, "no charge with a quantity to preview"));
}

async function tokenProbes(ctx: Context): Promise<void> {
  const unknown = "contract-check-unknown-token";
  await step(ctx, {
    op: opAt("get", "/v1/register/{tokenId}"),
    label: "an unknown invitation: refused",
    pathParams: { tokenId: unknown },
    accept: [400],
  });
  await step(ctx, {
    op: opAt("get", "/v1/token/reset-password/{tokenId}"),
    label: "an unknown reset link: refused",
    pathParams: { tokenId: unknown },
    accept: [400],
  });
  await step(ctx, {
    op: opAt("get", "/v1/auth/verify-email"),
    label: "an unknown verification link: refused",
    query: { token: unknown },
    accept: [400],
  });
  for (const [path, why] of [
    ["/v1/auth/forgot-password", "needs a human check (captcha)"],
    ["/v1/auth/register", "needs an invitation from an e-mail"],
    ["/v1/auth/reset-password", "needs a reset link from an e-mail"],
  ] as const)
    ctx.lines.push(skipped(opAt("post", path), why));
}

/** Runs the check; `ok` is true only when every call conforms (skipped calls aside). */
export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const ctx: Context = {
    target: { api: options.api, token: null, timeoutMs: options.timeoutMs ?? 15_000 },
    lines: [],
    enabledTabs: [],
    lists: {},
  };
  const config = await step(ctx, {
    op: opAt("get", "/v1/portalConfiguration"),
    query: { host: options.host },
  });
  const configData = dataOf(config);
  ctx.companyId = text(field(configData, "companyId"));
  const tabs = field(configData, "enabledTabs");
  ctx.enabledTabs = Array.isArray(tabs)
    ? tabs.filter((t): t is string => typeof t === "string")
    : [];
  if (!ctx.companyId) return finish(ctx, `no company answers for the host ${options.host}`);

  const login = await step(ctx, {
    op: opAt("post", "/v1/auth/login"),
    body: { email: options.email, password: options.password, companyId: ctx.companyId },
  });
  const loginData = dataOf(login);
  ctx.target.token = text(field(loginData, "accessToken")) ?? null;
  ctx.refreshToken = text(field(loginData, "refreshToken"));
  if (!ctx.target.token) return finish(ctx, "could not sign in: nothing else can be checked");

  const me = await step(ctx, { op: opAt("get", "/v1/user/me") });
  const user = dataOf(me);
  ctx.customerId =
    text(field(user, "selected_customer_id")) ?? text(field(user, "customer_id")) ?? undefined;
  await step(ctx, { op: opAt("get", "/v1/user/portalUserCustomer") });

  for (const list of LIST_MODULES) await listSteps(ctx, list);
  await documentSteps(ctx);
  await accountSteps(ctx);
  await subscriptionSteps(ctx);
  await tokenProbes(ctx);
  if (options.write) await writeSteps(ctx);
  else
    for (const op of operations.filter(isMutating))
      ctx.lines.push(skipped(op, "mutating: run with --write on a test tenant"));

  // Last: rotate the tokens, then end the check's own session.
  const refreshed = await step(ctx, {
    op: opAt("post", "/v1/auth/refresh-tokens"),
    body: { refreshToken: ctx.refreshToken ?? "" },
  });
  const fresh = dataOf(refreshed);
  ctx.target.token = text(field(fresh, "accessToken")) ?? ctx.target.token;
  await step(ctx, {
    op: opAt("post", "/v1/auth/logout"),
    body: { refreshToken: text(field(fresh, "refreshToken")) ?? ctx.refreshToken ?? "" },
  });
  return finish(ctx);
}

/** The operations that change the tenant: the check calls them only with --write. */
export const MUTATING_PATHS: readonly string[] = [
  "PUT /v1/user/me/contactDetails",
  "POST /v1/customers/updateAutoPay",
  "POST /v1/user/portalUserCustomer",
  "PUT /v1/paymentMethods/{id}/setDefault",
  "POST /v1/paymentMethods",
  "DELETE /v1/paymentMethods/{id}",
  "POST /v1/cache/clear_cache",
  "PUT /v1/column/save_column_width",
  "PUT /v1/column/save_column_order",
  "PUT /v1/column/save_sorting",
  "POST /v1/exports",
  "POST /v1/auth/generate_portal_logs",
  "POST /v1/user/me/changePassword",
  "PUT /v1/subscriptions/{id}",
  "PUT /v1/subscriptions/{id}/change",
  "PUT /v1/subscriptions/{id}/cancel",
  "PUT /v1/subscriptions/{id}/reactivate",
];
const isMutating = (op: Operation) =>
  MUTATING_PATHS.includes(`${op.method.toUpperCase()} ${op.path}`);

function finish(ctx: Context, stopped?: string): CheckReport {
  if (stopped) ctx.lines.push({ outcome: "differs", operation: "(check)", detail: stopped });
  return { lines: ctx.lines, ok: ctx.lines.every((l) => l.outcome !== "differs") };
}

/** The report as text: one line per call, then a summary. */
export function formatReport(report: CheckReport): string {
  const width = Math.max(...report.lines.map((l) => l.operation.length));
  const rows = report.lines.map((l) => {
    const what = `${l.operation.padEnd(width)}${l.label ? `  (${l.label})` : ""}`;
    return `${l.outcome.padEnd(8)}  ${what}${l.detail ? `\n          ${l.detail}` : ""}`;
  });
  const count = (o: string) => report.lines.filter((l) => l.outcome === o).length;
  rows.push(
    "",
    `${count("conforms")} conform, ${count("differs")} differ, ${count("skipped")} skipped: ${report.ok ? "the billing API conforms to the contract" : "the billing API does not conform"}`,
  );
  return rows.join("\n");
}
