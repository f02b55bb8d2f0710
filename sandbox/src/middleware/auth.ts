/**
 * Authentication as a route option: put `requireUser` (or `requireCustomer`) before the handler
 * and read `c.var.user` (and `c.var.customerId`). Handlers never parse the bearer themselves.
 */
import { createMiddleware } from "hono/factory";
import type { App } from "../app";
import type { SandboxEnv } from "../env";
import { ApiError, unauthorized } from "../http";
import { findAccessToken } from "../store/session-tokens";
import { findUserById, selectedCustomerId, type UserRow } from "../store/users";

/** The user behind `Authorization: Bearer <token>`; 401 `unauthorized` when missing, unknown or expired. */
export async function authenticate(app: App, authorization: string | undefined): Promise<UserRow> {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,512})\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) throw unauthorized("Missing bearer token");
  const token = await findAccessToken(app.db, match[1]);
  if (!token) throw unauthorized("Invalid access token");
  if (token.expiresAt <= app.now()) throw unauthorized("Access token expired");
  const user = await findUserById(app.db, token.userId);
  if (!user) throw unauthorized("Invalid access token");
  return user;
}

export type UserEnv = SandboxEnv & { Variables: { user: UserRow } };
export type CustomerEnv = SandboxEnv & { Variables: { user: UserRow; customerId: string } };

/** Needs a signed-in user: sets `c.var.user`. */
export const requireUser = createMiddleware<UserEnv>(async (c, next) => {
  c.set("user", await authenticate(c.var.app, c.req.header("authorization")));
  await next();
});

/**
 * Needs a signed-in user acting for a customer: sets `c.var.user` and `c.var.customerId` (the
 * selected customer, else the user's own), the scope of every billing list.
 */
export const requireCustomer = createMiddleware<CustomerEnv>(async (c, next) => {
  const user = await authenticate(c.var.app, c.req.header("authorization"));
  const customerId = selectedCustomerId(user);
  if (!customerId) throw new ApiError(403, "forbidden", "No customer is linked to this account");
  c.set("user", user);
  c.set("customerId", customerId);
  await next();
});
