import "server-only";
// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
export type RegistrationToken = { email: string; company: string; companyId: string; status: "pending" | "granted" };
/** GET /v1/register/{tokenId}; null when invalid, expired or used. */
export async function verifyRegistrationToken(_tokenId: string): Promise<RegistrationToken | null> {
  throw new Error("not implemented");
}
/** GET /v1/token/reset-password/{tokenId}; null when invalid. */
export async function verifyResetToken(_tokenId: string): Promise<{ email: string } | null> {
  throw new Error("not implemented");
}
/** GET /v1/auth/verify-email?token=; null when invalid. */
export async function verifyEmailToken(_token: string): Promise<{ email: string } | null> {
  throw new Error("not implemented");
}
