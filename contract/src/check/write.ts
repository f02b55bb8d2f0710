// The mutating operations of the conformance check (`--write`, a test tenant only): each change is
// put back as it was, with the same operations. What cannot be put back with the contract's own
// operations (a new payment method needs a provider's token; a deleted one cannot come back; a
// password change) is not called, and the report says so.
import type { ListModule } from "../enums";
import { CONTACT_FIELDS } from "../wire/account";
import type { Operation } from "../operation";
import { dataOf, skipped } from "./client";
import { activeSubscription, isObject, opAt, quantityCharge, step, type Context } from "./context";

type Json = Record<string, unknown>;

const TABLE = { module_name: "dashboard", level_type: "user" } as const;

async function contactDetails(ctx: Context): Promise<void> {
  const op = opAt("put", "/v1/user/me/contactDetails");
  const original = ctx.contactDetails;
  if (!original) {
    ctx.lines.push(skipped(op, "the contact details could not be read, so could not be put back"));
    return;
  }
  const body = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, original[f] ?? null]));
  await step(ctx, {
    op,
    label: "department changed",
    body: { ...body, department: "Contract check" },
  });
  await step(ctx, { op, label: "put back", body });
}

async function autoPay(ctx: Context): Promise<void> {
  const op = opAt("post", "/v1/customers/updateAutoPay");
  const current = ctx.contactDetails?.auto_pay;
  if (typeof current !== "boolean" || ctx.contactDetails?.edit_auto_pay !== true) {
    ctx.lines.push(skipped(op, "auto-pay is not editable for this customer"));
    return;
  }
  if (!current && (ctx.paymentMethods ?? []).length === 0) {
    ctx.lines.push(skipped(op, "auto-pay cannot be turned on without a payment method"));
    return;
  }
  await step(ctx, { op, label: `turned ${current ? "off" : "on"}`, body: { auto_pay: !current } });
  await step(ctx, { op, label: "put back", body: { auto_pay: current } });
}

async function layouts(ctx: Context, module: ListModule): Promise<void> {
  const config = ctx.lists[module]?.tableConfiguration;
  const ops = {
    width: opAt("put", "/v1/column/save_column_width"),
    order: opAt("put", "/v1/column/save_column_order"),
    sorting: opAt("put", "/v1/column/save_sorting"),
  };
  if (!isObject(config)) {
    for (const op of Object.values(ops))
      ctx.lines.push(skipped(op, `no saved layout of ${module} was read`));
    return;
  }
  const target = { ...TABLE, sub_module_name: module };
  const widths = isObject(config.column_width) ? config.column_width : {};
  if (Object.keys(widths).length > 0)
    await step(ctx, {
      op: ops.width,
      label: `${module}, as saved`,
      body: { ...target, column_width: widths },
    });
  else ctx.lines.push(skipped(ops.width, `${module} has no saved widths to write back`));
  const order = Array.isArray(config.column_order) ? config.column_order : [];
  if (order.length > 0)
    await step(ctx, {
      op: ops.order,
      label: `${module}, as saved`,
      body: { ...target, column_order: order },
    });
  else ctx.lines.push(skipped(ops.order, `${module} has no saved order to write back`));
  const sorting = typeof config.sorting === "string" ? config.sorting : null;
  await step(ctx, {
    op: ops.sorting,
    label: `${module}, as saved`,
    body: { ...target, sort_line: sorting },
  });
}

async function payments(ctx: Context): Promise<void> {
  const setDefault = opAt("put", "/v1/paymentMethods/{id}/setDefault");
  const current = (ctx.paymentMethods ?? []).find((m) => m.default === true);
  const id = typeof current?.id === "string" ? current.id : null;
  if (id)
    await step(ctx, { op: setDefault, label: "the default again", pathParams: { id }, body: {} });
  else ctx.lines.push(skipped(setDefault, "the customer has no default payment method"));
  ctx.lines.push(
    skipped(
      opAt("post", "/v1/paymentMethods"),
      "needs a token from the payment provider's own form",
    ),
    skipped(
      opAt("delete", "/v1/paymentMethods/{id}"),
      "a deleted payment method cannot be put back",
    ),
    skipped(
      opAt("post", "/v1/user/me/changePassword"),
      "would change the password the check signs in with",
    ),
  );
  await step(ctx, { op: opAt("post", "/v1/cache/clear_cache"), body: {} });
}

async function user(ctx: Context): Promise<void> {
  const select = opAt("post", "/v1/user/portalUserCustomer");
  if (ctx.customerId)
    await step(ctx, {
      op: select,
      label: "the selected customer again",
      body: { customer_id: ctx.customerId },
    });
  else ctx.lines.push(skipped(select, "no selected customer"));
  await step(ctx, {
    op: opAt("post", "/v1/auth/generate_portal_logs"),
    query: { companyId: ctx.companyId ?? "", action: "Contract check" },
  });
  await step(ctx, {
    op: opAt("post", "/v1/exports"),
    label: "invoices as CSV (mailed to the user)",
    body: { instance: "invoices", preference: "all_data", format: "csv", excludedFields: [] },
  });
}

async function subscriptions(ctx: Context): Promise<void> {
  const update = opAt("put", "/v1/subscriptions/{id}");
  const change = opAt("put", "/v1/subscriptions/{id}/change");
  const cancel = opAt("put", "/v1/subscriptions/{id}/cancel");
  const reactivate = opAt("put", "/v1/subscriptions/{id}/reactivate");
  const all: Operation[] = [update, change, cancel, reactivate];
  if (!ctx.enabledTabs.includes("subscriptions")) {
    for (const op of all)
      ctx.lines.push(skipped(op, "the company's portal does not show subscriptions"));
    return;
  }
  const active = activeSubscription(ctx);
  if (!active) {
    for (const op of all) ctx.lines.push(skipped(op, "the customer has no active subscription"));
    return;
  }
  const pathParams = { id: active.id };
  const editable = Object.entries(active.subscription).find(
    ([, f]) => isObject(f) && f.editable === true && (f.type === "text" || f.type === "textarea"),
  );
  if (editable) {
    const [key, f] = editable as [string, Json];
    await step(ctx, {
      op: update,
      label: `${key}, as it is`,
      pathParams,
      body: { fields: { [key]: f.value ?? null } },
    });
  } else ctx.lines.push(skipped(update, "no editable text field"));

  const charge = quantityCharge(active.subscription);
  if (charge) {
    const one = (quantity: number) => ({ charges: [{ id: charge.id, quantity }] });
    await step(ctx, {
      op: change,
      label: "one more of a charge",
      pathParams,
      body: one(charge.quantity + 1),
    });
    await step(ctx, { op: change, label: "put back", pathParams, body: one(charge.quantity) });
  } else ctx.lines.push(skipped(change, "no charge with a quantity to change"));

  const dated = await step(ctx, {
    op: opAt("get", "/v1/subscriptions/{id}/cancel_date"),
    label: "the end of the contract term, to cancel at",
    pathParams,
    query: { cancellation_type: "end_of_current_contract_term" },
  });
  const endDate = (dataOf(dated) as { endDate?: unknown } | undefined)?.endDate;
  if (typeof endDate !== "string") {
    ctx.lines.push(
      skipped(cancel, "no end date to cancel at"),
      skipped(reactivate, "nothing cancelled"),
    );
    return;
  }
  const cancelled = await step(ctx, {
    op: cancel,
    label: "at the end of the contract term",
    pathParams,
    body: { cancellation_date: endDate, cancellation_type: "end_of_current_contract_term" },
  });
  if (cancelled.status === 200)
    await step(ctx, { op: reactivate, label: "put back", pathParams, body: {} });
  else ctx.lines.push(skipped(reactivate, "the cancellation did not happen"));
}

/** Every mutating call, each undone. */
export async function writeSteps(ctx: Context): Promise<void> {
  await contactDetails(ctx);
  await autoPay(ctx);
  for (const list of ["invoices", "payments", "usages", "credits", "statements"] as const)
    if (ctx.lists[list]) await layouts(ctx, list);
  await payments(ctx);
  await user(ctx);
  await subscriptions(ctx);
}
