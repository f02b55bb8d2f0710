/** /v1/user/me/sessions: the user's sign-ins, and signing out the others (docs/CONTRACT.md §1 "Sessions"). */
import { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { requireUser } from "../../middleware/auth";
import { ApiError, notFound } from "../../http";
import { envelope } from "../../respond";
import { revokeFamily } from "../../store/session-tokens";
import {
  findLiveSessionFamily,
  listSessions,
  revokeOtherSessions,
} from "../../store/user-sessions";

export const sessionRoutes = new Hono<SandboxEnv>();

// GET /v1/user/me/sessions – {sessions}: live sessions, last seen first, the caller's current
sessionRoutes.get("/user/me/sessions", requireUser, async (c) => {
  const { app, user, sessionFamily } = c.var;
  return envelope(c, { sessions: await listSessions(app.db, user.id, sessionFamily, app.now()) });
});

// POST /v1/user/me/sessions/revoke_others – {revoked}: every other session signed out
sessionRoutes.post("/user/me/sessions/revoke_others", requireUser, async (c) => {
  const { app, user, sessionFamily } = c.var;
  const revoked = await app.db.transaction((tx) =>
    revokeOtherSessions(tx, user.id, sessionFamily, app.now()),
  );
  return envelope(c, { revoked });
});

// DELETE /v1/user/me/sessions/:id – {success}: that other session signed out
sessionRoutes.delete("/user/me/sessions/:id", requireUser, async (c) => {
  const { app, user, sessionFamily } = c.var;
  await app.db.transaction(async (tx) => {
    const family = await findLiveSessionFamily(tx, user.id, c.req.param("id"), app.now());
    if (!family) throw notFound("No such session");
    if (family === sessionFamily)
      throw new ApiError(409, "conflict", "This is the calling session; sign out instead");
    await revokeFamily(tx, app.now(), family);
  });
  return envelope(c, { success: true });
});
