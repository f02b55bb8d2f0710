// A second factor as the specs need it (issue 34): the authenticator app's codes computed from its
// key as the phone would, a user who has one (enrolled through the billing API), and a new user of
// the company that requires one.
import { Secret, TOTP } from "otpauth";
import { PORTAL_PORT } from "../../playwright.config";
import { api, freshUser } from "./account";
import { PASSWORD, uniqueEmail } from "./sandbox";

/** One period of the app's codes. */
export const STEP_MS = 30_000;

/** The app's code at a moment (now by default); the key may be written in groups. */
export const codeAt = (key: string, ms = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 }).generate({
    timestamp: ms,
  });

/**
 * The next period's code: the confirming code spent the present one, and the billing API accepts
 * one step of clock skew either way.
 */
export const nextCode = (key: string) => codeAt(key, Date.now() + STEP_MS);

/** A new Acme user with a confirmed authenticator app: its key and the ten recovery codes. */
export async function userWithApp(
  prefix = "mfa",
): Promise<{ email: string; secret: string; codes: string[] }> {
  const email = await freshUser("acme", { prefix });
  const { accessToken } = await api<{ accessToken: string }>("POST", "/v1/auth/login", {
    email,
    password: PASSWORD,
    companyId: "acme",
  });
  const enrolled = await api<{ factor_id: string; secret: string }>(
    "POST",
    "/v1/user/me/factors/totp",
    { name: "Phone" },
    accessToken,
  );
  const confirmed = await api<{ recovery_codes: string[] }>(
    "POST",
    `/v1/user/me/factors/${enrolled.factor_id}/confirm`,
    { code: codeAt(enrolled.secret) },
    accessToken,
  );
  return { email, secret: enrolled.secret, codes: confirmed.recovery_codes };
}

/**
 * The company that requires a second factor ("Initech Power", made on first call) and a new user
 * of it without one: where its portal answers, the user's e-mail, the company's name.
 */
export async function strictUser(
  prefix = "strict",
): Promise<{ origin: string; email: string; company: string }> {
  const strict = await api<{ companyId: string; domain: string; name: string }>(
    "POST",
    "/__sandbox/companies/strict",
    {},
  );
  const email = uniqueEmail(prefix, "strict.test");
  const { tokenId } = await api<{ tokenId: string }>("POST", "/__sandbox/invitations", {
    email,
    company: strict.companyId,
  });
  await api("POST", "/v1/auth/register", {
    email,
    password: PASSWORD,
    tokenId,
    companyId: strict.companyId,
    company: strict.name,
  });
  return { origin: `http://${strict.domain}:${PORTAL_PORT}`, email, company: strict.name };
}
