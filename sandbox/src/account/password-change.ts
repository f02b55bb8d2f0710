/** POST /v1/user/me/changePassword: a signed-in user replaces their password. */
import { z } from "zod";
import { changePasswordBody as changePasswordSchema } from "@billing-portal/contract/wire/auth";
import { hashPassword, hashToken, verifyPassword } from "../crypto";
import { recordUserActivity } from "../activity/record";
import type { Queryable } from "../db";
import { ApiError, notFound } from "../http";
import { sendMail } from "../store/mail";
import { markSessionsRevoked } from "../store/user-sessions";

export { changePasswordSchema };
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The refusal for a wrong current password: a 400, so the portal keeps the user signed in. */
export const invalidCurrentPassword = () =>
  new ApiError(400, "invalid_current_password", "The current password is not correct");

/** The refresh-token family of a bearer access token (the caller's session), or null. */
export async function sessionFamilyOf(q: Queryable, accessToken: string): Promise<string | null> {
  const [row] = await q.query<{ family_id: string }>(
    "SELECT family_id FROM access_tokens WHERE token_hash = $1",
    [hashToken(accessToken)],
  );
  return row?.family_id ?? null;
}

/** Whether `password` is the user's current password (the caller hashes outside its transaction). */
export async function isCurrentPassword(
  q: Queryable,
  userId: string,
  password: string,
): Promise<boolean> {
  const [user] = await q.query<{ password_hash: string }>(
    "SELECT password_hash FROM users WHERE id = $1",
    [userId],
  );
  if (!user) throw notFound("User not found");
  return verifyPassword(password, user.password_hash);
}

/**
 * Checks the current password, stores the new one and ends every other session of the user: each
 * refresh-token family except `keepFamilyId` (the caller's, which stays signed in) is revoked and
 * its access tokens deleted; the user is told by e-mail. Wrong current password → 400
 * `invalid_current_password`.
 */
export async function changePassword(
  q: Queryable,
  input: { userId: string; keepFamilyId: string | null; now: number },
  body: ChangePasswordInput,
): Promise<{ success: true }> {
  if (!(await isCurrentPassword(q, input.userId, body.currentPassword))) {
    throw invalidCurrentPassword();
  }
  const passwordHash = await hashPassword(body.password);
  const at = new Date(input.now);
  await q.query("UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1", [
    input.userId,
    passwordHash,
    at,
  ]);
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $3
      WHERE user_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
    [input.userId, input.keepFamilyId, at],
  );
  await q.query("DELETE FROM access_tokens WHERE user_id = $1 AND family_id IS DISTINCT FROM $2", [
    input.userId,
    input.keepFamilyId,
  ]);
  await markSessionsRevoked(q, input.now, {
    userId: input.userId,
    exceptFamilyId: input.keepFamilyId,
  });
  const [user] = await q.query<{ email: string; company_id: string; company_name: string }>(
    `SELECT u.email, u.company_id, c.name AS company_name
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1`,
    [input.userId],
  );
  // The log says that it changed and who changed it, never a password or its hash.
  await recordUserActivity(q, input.userId, {
    kind: "password.changed",
    actor: { kind: "user", userId: input.userId, email: user?.email ?? null },
    subjectId: null,
    details: { via: "change" },
    at: input.now,
  });
  if (user) {
    // Changes to credentials are announced, so an account taken over does not go unnoticed.
    await sendMail(q, input.now, {
      to: user.email,
      companyId: user.company_id,
      subject: `Your ${user.company_name} portal password was changed`,
      text:
        `Hello,\n\nThe password of your ${user.company_name} billing portal account was just changed, ` +
        `and your other sessions were signed out.\n\nIf you did not do this, reset your password ` +
        `from the sign-in page and contact ${user.company_name}.\n`,
    });
  }
  return { success: true };
}
