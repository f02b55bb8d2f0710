/** What the account routes share: the caller's account scope and the signing of page links. */
import type { Context } from "hono";
import type { App } from "../../app";
import { userActor } from "../../activity/record";
import type { PageLinks } from "../../account/page-links";
import type { AccountScope } from "../../account/scope";
import { linkSigningKey } from "../../account/signed-links";
import type { CustomerEnv } from "../../middleware/auth";

/** The bearer's selected customer, within the bearer's company (set by requireCustomer). */
export function accountScope(c: Context<CustomerEnv>): AccountScope {
  const { user } = c.var;
  return { companyId: user.company_id, customerId: c.var.customerId, actor: userActor(user) };
}

const keys = new WeakMap<Buffer, Buffer>();

/**
 * Links to the hosted pages point at the origin the caller reached the sandbox at (the Host it
 * sent): the API's own origin, which the portal accepts for verify_url and the form URL.
 */
export function pageLinks(c: Context, app: App): PageLinks {
  let key = keys.get(app.config.punchoutKey);
  if (!key) {
    key = linkSigningKey(app.config.punchoutKey);
    keys.set(app.config.punchoutKey, key);
  }
  return { origin: new URL(c.req.url).origin, key, now: app.now() };
}
