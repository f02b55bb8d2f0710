import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "@/lib/schemas/auth";
import { checkPasswordRules, requiredString } from "@/lib/schemas/shared";

/** The message key of each failing field, as the form and the 422 body show them. */
function fieldErrors(schema: z.core.$ZodType, input: unknown): Record<string, string> {
  const result = z.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const STRONG = "Portal!2345";

describe("required fields (spec 000 §5)", () => {
  it.each([[""], ["   "], [undefined], [null]])("fail with 'Required' for %j", (value) => {
    expect(fieldErrors(requiredString(), value)).toEqual({ "": "validation.required" });
  });

  it("passes the text 0", () => {
    expect(requiredString().safeParse("0").success).toBe(true);
  });
});

describe("e-mail", () => {
  it("checks the trimmed value and keeps it trimmed", () => {
    expect(loginSchema.parse({ email: "  ada@acme.test ", password: "x" }).email).toBe(
      "ada@acme.test",
    );
  });

  it.each(["ada", "ada@", "@acme.test", "ada@acme", "a da@acme.test"])(
    "refuses %s with 'Invalid email'",
    (email) => {
      expect(fieldErrors(loginSchema, { email, password: "x" })).toEqual({
        email: "validation.email",
      });
    },
  );
});

describe("login", () => {
  it("requires e-mail and password", () => {
    expect(fieldErrors(loginSchema, {})).toEqual({
      email: "validation.required",
      password: "validation.required",
    });
  });

  it("does not trim or judge the password's strength at sign-in", () => {
    expect(loginSchema.parse({ email: "ada@acme.test", password: " weak " }).password).toBe(
      " weak ",
    );
  });
});

describe("forgot password", () => {
  it("fails with forgotPassword.humanError without a bot-check response", () => {
    expect(fieldErrors(forgotPasswordSchema, { email: "ada@acme.test", captchaToken: "" })).toEqual(
      {
        captchaToken: "forgotPassword.humanError",
      },
    );
  });

  it("requires a valid e-mail", () => {
    expect(fieldErrors(forgotPasswordSchema, { email: "nope", captchaToken: "t" })).toEqual({
      email: "validation.email",
    });
  });
});

describe("new passwords (register, reset, change)", () => {
  it("says 'password must be at least 8 characters' below eight", () => {
    expect(
      fieldErrors(registerSchema, { tokenId: "t1", email: "a@acme.test", password: "Ab1!" }),
    ).toEqual({
      password: "validation.passwordMin",
    });
  });

  it.each([
    ["no lowercase", "PORTAL!2345"],
    ["no uppercase", "portal!2345"],
    ["no digit", "Portal!abcd"],
    ["no special character", "Portal12345"],
    ["whitespace", "Portal! 2345"],
  ])("says 'Password Conditions not met.' with %s", (_case, password) => {
    expect(
      fieldErrors(changePasswordSchema, {
        currentPassword: "old",
        password,
        passwordConfirmation: password,
      }),
    ).toEqual({
      password: "validation.passwordConditions",
    });
  });

  it("accepts a password that meets every rule", () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: "old",
        password: STRONG,
        passwordConfirmation: STRONG,
      }).success,
    ).toBe(true);
  });

  it("requires current password, password and confirmation when changing", () => {
    expect(fieldErrors(changePasswordSchema, {})).toEqual({
      currentPassword: "validation.required",
      password: "validation.required",
      passwordConfirmation: "validation.required",
    });
  });

  it("says 'Password confirmation does not match' when the confirmation differs", () => {
    expect(
      fieldErrors(resetPasswordSchema, {
        tokenId: "t1",
        password: STRONG,
        passwordConfirmation: "Portal!2346",
      }),
    ).toEqual({ passwordConfirmation: "validation.passwordMismatch" });
  });

  it("requires the confirmation on reset", () => {
    expect(
      fieldErrors(resetPasswordSchema, {
        tokenId: "t1",
        password: STRONG,
        passwordConfirmation: "",
      }),
    ).toEqual({
      passwordConfirmation: "validation.required",
    });
  });

  it("refuses a token that could change the URL path", () => {
    expect(
      fieldErrors(resetPasswordSchema, {
        tokenId: "../x",
        password: STRONG,
        passwordConfirmation: STRONG,
      }),
    ).toEqual({
      tokenId: "validation.invalid",
    });
  });
});

describe("the live checklist", () => {
  it("lists the six rules in the spec's order, all unmet for an empty value", () => {
    expect(checkPasswordRules("")).toEqual([
      { key: "password.error.message.minEight", met: false },
      { key: "password.error.message.oneLower", met: false },
      { key: "password.error.message.oneUpper", met: false },
      { key: "password.error.message.oneNumber", met: false },
      { key: "password.error.message.oneSpecial", met: false },
      { key: "password.error.message.noWhitespace", met: false },
    ]);
  });

  it("turns each rule to met as it is satisfied", () => {
    const met = (v: string) =>
      checkPasswordRules(v)
        .filter((r) => r.met)
        .map((r) => r.key.split(".").at(-1));
    expect(met("a")).toEqual(["oneLower", "noWhitespace"]);
    expect(met("aA1")).toEqual(["oneLower", "oneUpper", "oneNumber", "noWhitespace"]);
    expect(met("aA1_")).toEqual([
      "oneLower",
      "oneUpper",
      "oneNumber",
      "oneSpecial",
      "noWhitespace",
    ]);
    expect(met(STRONG)).toHaveLength(6);
    expect(met("Portal! 2345")).not.toContain("noWhitespace");
  });
});
