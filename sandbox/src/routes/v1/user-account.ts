/** /v1/user/me account calls: contact details (GET, and our extension PUT) and password change. */
import { Hono } from "hono";
import {
  contactDetailsSchema,
  getContactDetails,
  updateContactDetails,
} from "../../account/contact-details";
import {
  changePassword,
  changePasswordSchema,
  sessionFamilyOf,
} from "../../account/password-change";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { ApiError, ceilSeconds, rateLimited } from "../../http";
import { requireCustomer, requireUser } from "../../middleware/auth";
import { LoginRateLimiter } from "../../rate-limit";
import { clientIp } from "../../request-info";
import { envelope } from "../../respond";
import { accountScope } from "./account-context";

export const userAccountRoutes = new Hono<SandboxEnv>();

// GET /v1/user/me/contactDetails – the selected customer's contact details, auto-pay and payment options
userAccountRoutes.get("/user/me/contactDetails", requireCustomer, async (c) =>
  envelope(c, await getContactDetails(c.var.app.db, accountScope(c))),
);

// PUT /v1/user/me/contactDetails – our extension: replace the contact details (CONTRACT §6)
userAccountRoutes.put("/user/me/contactDetails", requireCustomer, async (c) => {
  const { app } = c.var;
  const body = await jsonBody(c, contactDetailsSchema);
  const scope = accountScope(c);
  const details = await app.db.transaction((tx) =>
    updateContactDetails(tx, scope, body, app.now()),
  );
  return envelope(c, details);
});

// POST /v1/user/me/changePassword {currentPassword, password, passwordConfirmation} – other sessions end
userAccountRoutes.post("/user/me/changePassword", requireUser, async (c) => {
  const { app, user } = c.var;
  const body = await jsonBody(c, changePasswordSchema);
  // Wrong current passwords count as failed logins: a stolen access token must not buy guesses.
  const client = clientIp(c);
  const accountKey = LoginRateLimiter.accountKey(user.company_id, user.email);
  const waitMs = app.limiter.blockedFor(accountKey, client, app.now());
  if (waitMs > 0)
    throw rateLimited(ceilSeconds(waitMs), "Too many failed attempts. Try again later.");
  // The caller's own session (its refresh-token family) stays signed in.
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
  const keepFamilyId = await sessionFamilyOf(app.db, bearer);
  try {
    const result = await app.db.transaction((tx) =>
      changePassword(tx, { userId: user.id, keepFamilyId, now: app.now() }, body),
    );
    app.limiter.recordSuccess(accountKey, client);
    return envelope(c, result);
  } catch (err) {
    if (err instanceof ApiError && err.errorCode === "invalid_current_password") {
      app.limiter.recordFailure(accountKey, client, app.now());
    }
    throw err;
  }
});
