import "server-only";
import { z } from "zod";
import { billingRequest } from "./client";
import { parseDto } from "./dto";
import { BillingApiError } from "./errors";

// Single-use tokens carried in e-mailed links. An unknown, expired or used token is `null`; an
// upstream outage is still an error (the page shows "try again", not "link expired").

export type RegistrationToken = {
  email: string;
  company: string;
  companyId: string;
  status: "pending" | "granted";
};

const URL_TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;

const registrationSchema = z.object({
  email: z.string().min(1).max(254),
  company: z.string().max(200),
  companyId: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1)),
  status: z.enum(["pending", "granted"]),
});
const emailSchema = z.object({ email: z.string().min(1).max(254) });

async function nullWhenInvalid<T>(token: string, call: () => Promise<T>): Promise<T | null> {
  if (!URL_TOKEN.test(token) || token.includes("..")) return null;
  try {
    return await call();
  } catch (err) {
    if (
      err instanceof BillingApiError &&
      (err.status === 400 || err.status === 404 || err.status === 410)
    )
      return null;
    throw err;
  }
}

/** GET /v1/register/{tokenId}; null when invalid, expired or used. */
export async function verifyRegistrationToken(tokenId: string): Promise<RegistrationToken | null> {
  return nullWhenInvalid(tokenId, async () =>
    parseDto(
      registrationSchema,
      await billingRequest<unknown>(`/v1/register/${encodeURIComponent(tokenId)}`),
      "registration token",
    ),
  );
}

/** GET /v1/token/reset-password/{tokenId}; null when invalid. */
export async function verifyResetToken(tokenId: string): Promise<{ email: string } | null> {
  return nullWhenInvalid(tokenId, async () => {
    const dto = parseDto(
      emailSchema,
      await billingRequest<unknown>(`/v1/token/reset-password/${encodeURIComponent(tokenId)}`),
      "reset token",
    );
    return { email: dto.email };
  });
}

/** GET /v1/auth/verify-email?token=; null when invalid. Verifying uses the token up. */
export async function verifyEmailToken(token: string): Promise<{ email: string } | null> {
  return nullWhenInvalid(token, async () => {
    const dto = parseDto(
      emailSchema,
      await billingRequest<unknown>("/v1/auth/verify-email", { query: { token } }),
      "e-mail verification",
    );
    return { email: dto.email };
  });
}
