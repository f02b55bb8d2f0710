import "server-only";
import type { CustomerDto, TokensDto, UserDto } from "@billing-portal/contract/wire/auth";
import type { SecondFactorRequiredDto } from "@billing-portal/contract/wire/factors";
import { z } from "zod";
import { BillingApiError } from "./errors";
import { readerOf } from "./reader";

// Readers of the /v1 wire types of the contract (contract/src/wire/auth.ts). They stay inside
// lib/billing; each resource has one reshapeX(dto) that validates the untrusted answer and hands
// the app its own type.

const id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200));
const nullableId = z.union([id, z.null(), z.undefined()]).transform((v) => v ?? null);

export type { CustomerDto, TokensDto, UserDto };

export const tokensDtoSchema = readerOf<TokensDto>()(
  z.object({
    accessToken: z.string().min(1).max(2048),
    refreshToken: z.string().min(1).max(2048),
    accessTokenExpiresAt: z.string().refine((v) => Number.isFinite(Date.parse(v))),
  }),
);

export const userDtoSchema = readerOf<UserDto>()(
  z.object({
    id,
    email: z.string().min(1).max(254),
    company_id: id,
    // Read as "" when absent: a user always has one, and the app has no use for null here.
    customer_id: nullableId.transform((v) => v ?? ""),
    selected_customer_id: nullableId,
  }),
);

export const loginDtoSchema = tokensDtoSchema.extend({ user: userDtoSchema });

export const customerDtoSchema = readerOf<CustomerDto>()(
  z.object({ id, customer_id: id, name: z.string().max(500) }),
);

/**
 * Tokens as the BFF keeps them: expiry in epoch ms, and the access token's lifetime as it was when
 * they arrived (how early to refresh depends on it: lib/billing/authed.ts refreshMarginMs).
 */
export type Tokens = {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: number;
  accessTokenLifetimeMs: number;
};

/** The user as the app sees it. */
export type User = {
  id: string;
  email: string;
  companyId: string;
  customerId: string;
  selectedCustomerId: string | null;
};

/** A customer the user may select. */
export type Customer = { id: string; customerId: string; name: string };

/** Validates an upstream answer; a shape we do not understand is a 502, never a crash later. */
export function parseDto<S extends z.ZodType>(
  schema: S,
  data: unknown,
  resource: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success)
    throw new BillingApiError(
      502,
      "upstream_malformed",
      `unexpected ${resource} from the billing API`,
    );
  return result.data;
}

/** TokensDto → Tokens (expiry as epoch ms). */
export function reshapeTokens(dto: unknown, now = Date.now()): Tokens {
  const t = parseDto(tokensDtoSchema, dto, "tokens");
  const accessTokenExpiresAt = Date.parse(t.accessTokenExpiresAt);
  return {
    accessToken: t.accessToken,
    refreshToken: t.refreshToken,
    accessTokenExpiresAt,
    accessTokenLifetimeMs: Math.max(0, accessTokenExpiresAt - now),
  };
}

/** UserDto → User. */
export function reshapeUser(dto: unknown): User {
  const u = parseDto(userDtoSchema, dto, "user");
  return {
    id: u.id,
    email: u.email,
    companyId: u.company_id,
    customerId: u.customer_id,
    selectedCustomerId: u.selected_customer_id,
  };
}

/** CustomerDto[] → Customer[]. */
export function reshapeCustomers(dto: unknown): Customer[] {
  return parseDto(z.array(customerDtoSchema).max(10_000), dto, "customers").map((c) => ({
    id: c.id,
    customerId: c.customer_id,
    name: c.name,
  }));
}

/** The login answer (tokens and user). */
export function reshapeLogin(dto: unknown): { tokens: Tokens; user: User } {
  const parsed = parseDto(loginDtoSchema, dto, "login answer");
  return { tokens: reshapeTokens(parsed), user: reshapeUser(parsed.user) };
}

const secondFactorDtoSchema = readerOf<SecondFactorRequiredDto>()(
  z.object({
    second_factor: z.object({
      challenge: z.string().min(20).max(200),
      methods: z.array(z.enum(["totp", "recovery_code", "passkey"])).max(10),
      expires_at: z.string().refine((v) => Number.isFinite(Date.parse(v))),
    }),
  }),
);

/** What a password sign-in leads to: signed in, or the second step (issue 34). */
export type LoginOutcome =
  | { kind: "signed_in"; tokens: Tokens; user: User }
  | { kind: "second_factor"; challenge: string; methods: string[]; expiresAt: number };

/** POST /v1/auth/login's answer: tokens and user, or a second factor's challenge. */
export function reshapeLoginOutcome(dto: unknown): LoginOutcome {
  if (dto && typeof dto === "object" && "second_factor" in dto) {
    const { second_factor: s } = parseDto(secondFactorDtoSchema, dto, "login answer");
    return {
      kind: "second_factor",
      challenge: s.challenge,
      methods: s.methods,
      expiresAt: Date.parse(s.expires_at),
    };
  }
  return { kind: "signed_in", ...reshapeLogin(dto) };
}
