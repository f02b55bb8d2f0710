// Sign-in, tokens, e-mail links and the portal configuration (docs/CONTRACT.md §1).
import { z } from "zod";
import {
  CANCEL_REASONS,
  GATEWAY_NAMES,
  MAX_PAUSE_CYCLES,
  PORTAL_TABS,
  RETENTION_OFFER_KINDS,
  SECOND_FACTOR_POLICIES,
} from "../enums";
import { wireId, wireInstant } from "./envelope";
import { named } from "./named";
import {
  companyIdField,
  emailField,
  newPasswordField,
  passwordField,
  required,
  tokenField,
} from "./fields";

// ——— Answers ———

export const tokensDto = named(
  "Tokens",
  z.looseObject({
    accessToken: z.string().min(1).max(2048),
    refreshToken: z.string().min(1).max(2048),
    accessTokenExpiresAt: wireInstant,
  }),
);
export type TokensDto = z.output<typeof tokensDto>;

export const userDto = named(
  "User",
  z.looseObject({
    id: wireId,
    email: z.string().min(1).max(254),
    company_id: wireId,
    customer_id: wireId,
    selected_customer_id: wireId.nullable(),
  }),
);
export type UserDto = z.output<typeof userDto>;

export const loginDto = named("Login", tokensDto.extend({ user: userDto }));
export type LoginDto = z.output<typeof loginDto>;

export const customerDto = named(
  "Customer",
  z.looseObject({ id: wireId, customer_id: wireId, name: z.string().max(500) }),
);
export type CustomerDto = z.output<typeof customerDto>;

export const portalConfigDto = named(
  "PortalConfiguration",
  z.looseObject({
    companyId: wireId,
    name: z.string().min(1).max(200),
    domain: z.string().max(300),
    primaryColor: z.string().max(50).meta({ description: "#rrggbb or #rgb" }),
    logoUrl: z.string().max(4096).nullable(),
    bannerUrl: z.string().max(4096).nullable(),
    tncUrl: z.string().max(4096).nullable(),
    privacyUrl: z.string().max(4096).nullable(),
    displayTncPrivacyUrl: z.boolean(),
    enabledTabs: z.array(z.enum(PORTAL_TABS)),
    gateway: z
      .string()
      .regex(new RegExp(`^(${GATEWAY_NAMES.join("|")})(-[a-z0-9]+)?$`))
      .meta({
        description: 'The payment gateway: "stripe" or "cardconnect", with an optional "-<mode>"',
      }),
    payments: z
      .looseObject({
        partialAllowed: z.boolean().meta({ description: "Whether a customer may pay an amount" }),
        partialMinimum: z
          .number()
          .nonnegative()
          .nullable()
          .meta({ description: "The smallest amount a customer may pay, in any currency" }),
      })
      .optional()
      .meta({
        description:
          "Present when the billing API takes payments of chosen invoices (POST /v1/payments); absent, the portal pays through the hosted page alone",
      }),
    subscriptions: z
      .looseObject({
        cancelReasons: z.array(z.enum(CANCEL_REASONS)).meta({
          description:
            "The reasons offered to a customer who cancels, in order (none: the question is not asked)",
        }),
        pause: z
          .looseObject({
            maxCycles: z.int().min(1).max(MAX_PAUSE_CYCLES).meta({
              description: "The most billing cycles a customer may pause a subscription for",
            }),
          })
          .nullish()
          .meta({
            description:
              "Present when the company lets customers pause (pause_preview, pause, resume_preview, resume); absent or null: it does not, and the billing API refuses a pause",
          }),
        offers: z.array(z.enum(RETENTION_OFFER_KINDS)).optional().meta({
          description:
            "What the company offers a customer who is leaving, in order (retention_offers answers the concrete offers of a subscription); absent or empty: no offer is made",
        }),
      })
      .optional()
      .meta({
        description:
          "Leaving on fair terms (cancel_preview, reactivate_preview, reasons); absent: the billing API has none of them",
      }),
    signIn: z
      .looseObject({
        secondFactor: z.enum(SECOND_FACTOR_POLICIES).meta({
          description:
            "optional: a user may add a second factor; required: a user without one sets one up right after the password, before reaching anything else",
        }),
        passkeys: z.boolean().optional().meta({
          description:
            "Whether users may add passkeys here (the host is a domain name, the relying party); absent: false",
        }),
        passkeySignIn: z.boolean().optional().meta({
          description:
            "Whether a passkey may sign in on its own, without the password (POST /v1/auth/passkey); absent: false",
        }),
      })
      .optional()
      .meta({
        description:
          "The company's sign-in policy; absent: a second factor is optional (where the billing API has factors at all)",
      }),
    documents: z
      .looseObject({
        zips: z
          .boolean()
          .meta({ description: "POST /v1/documents/zip_url: chosen documents as one zip" }),
        exportDownloads: z
          .boolean()
          .meta({ description: "POST /v1/exports/download_url: an export downloaded at once" }),
      })
      .optional()
      .meta({
        description:
          "The optional document operations this billing API offers; absent, it offers neither (the portal hides them)",
      }),
  }),
);
export type PortalConfigDto = z.output<typeof portalConfigDto>;

export const registrationTokenDto = named(
  "RegistrationToken",
  z.looseObject({
    email: z.string().min(1).max(254),
    company: z.string().max(200),
    companyId: wireId,
    status: z.enum(["pending", "granted"]),
  }),
);

export const resetTokenDto = named(
  "ResetToken",
  z.looseObject({ email: z.string().min(1).max(254) }),
);

export const verifiedEmailDto = named(
  "VerifiedEmail",
  z.looseObject({ success: z.literal(true), email: z.string().min(1).max(254) }),
);

// ——— Requests ———

export const portalConfigQuery = z.object({
  host: z
    .string({ error: "host is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "host is required" })
    .max(300, { error: "host is too long" })
    // Tolerate a port: host names never contain ':' except IPv6 literals in brackets.
    .transform((h) =>
      h.startsWith("[") ? h.replace(/^(\[[^\]]*\])(:\d+)?$/, "$1") : h.replace(/:\d+$/, ""),
    )
    .meta({ description: "The portal's host name, without a port" }),
});

export const credentialsBody = z.object({
  email: emailField,
  password: passwordField,
  companyId: companyIdField,
  captchaToken: z.string().max(10_000, { error: "captchaToken is too long" }).optional().meta({
    description: "Needed once the e-mail failed too often from anywhere (captcha_required)",
  }),
});
export const punchoutBody = z.object({
  token: tokenField("token"),
  encryptedEmail: tokenField("encryptedEmail"),
  companyId: companyIdField,
});
/** A body with `token` or `encryptedEmail` is a punch-out login; any other a password login. */
export const loginBody = z.union([punchoutBody, credentialsBody]);

export const refreshBody = z.object({ refreshToken: tokenField("refreshToken") });
export const logoutBody = z.object({ refreshToken: z.string().max(512).optional() });

export const forgotBody = z.object({
  email: emailField,
  companyId: companyIdField,
  captchaToken: z
    .string({ error: "captchaToken is required" })
    .max(10_000, { error: "captchaToken is too long" })
    .optional(),
});

/** A new password and its confirmation, which must match. */
const confirmed = <S extends z.ZodObject>(schema: S) =>
  schema.refine((v) => v.password === v.passwordConfirmation, {
    error: "Password confirmation does not match",
    path: ["passwordConfirmation"],
  });

export const resetBody = confirmed(
  z.object({
    password: newPasswordField,
    passwordConfirmation: z.string({ error: "passwordConfirmation is required" }).max(200),
    tokenId: tokenField("tokenId"),
    companyId: companyIdField,
  }),
);

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  tokenId: tokenField("tokenId"),
  companyId: companyIdField,
  company: z.string().max(200).optional(),
});

// No length cap: an over-long token is an invalid link (400), as any unknown one.
export const verifyEmailQuery = z.object({
  token: z.string({ error: "token is required" }).min(1, { error: "token is required" }),
});

export const tokenIdParams = z.object({ tokenId: z.string().min(1) });

/** The audit entry of generate_portal_logs (query, or the same fields in a JSON body). */
export const auditEntryQuery = z.object({
  companyId: required("companyId", 100),
  action: required("action", 200),
  email: z.string().trim().max(254).optional(),
});

export const changePasswordBody = confirmed(
  z.object({
    currentPassword: z
      .string({ error: "currentPassword is required" })
      .min(1, { error: "currentPassword is required" })
      .max(200, { error: "currentPassword is too long" }),
    password: newPasswordField,
    passwordConfirmation: z.string({ error: "passwordConfirmation is required" }).max(200),
  }),
);

export const selectCustomerBody = z.object({
  customer_id: z.union([required("customer_id", 100), z.int().transform(String)]),
});
