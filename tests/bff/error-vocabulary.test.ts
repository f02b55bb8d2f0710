import { describe, expect, it } from "vitest";
import { BillingApiError, SessionEndedError } from "@/lib/billing/errors";
import {
  RouteError,
  isRouteErrorCode,
  refusalCode,
  toErrorResponse,
  type RouteErrorCode,
} from "@/lib/http/errors";
import { pathId } from "@/lib/http/path-id";
import { refusalResponse } from "@/lib/http/refusal-detail";
import common from "@/messages/en/common.json";

const hasMessage = (key: string) =>
  key.split(".").reduce<unknown>((node, part) => {
    return node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  }, common) !== undefined;

async function body(res: Response) {
  return (await res.json()) as { error: { code: string; message: string; fields?: object } };
}

// The upstream's refusal codes (docs/CONTRACT.md §1, §6) that pages tell apart.
const UPSTREAM_CODES = [
  "validation",
  "not_found",
  "forbidden",
  "unauthorized",
  "rate_limited",
  "invalid_credentials",
  "token_invalid",
  "token_expired",
  "captcha_failed",
  "invalid_current_password",
  "auto_pay_not_editable",
  "payment_method_required",
  "last_payment_method",
  "card_brand_not_allowed",
  "card_brand_mismatch",
  "payment_method_disabled",
  "duplicate_payment_method",
  "expired_card",
  "invalid_payment_token",
  "raw_account_number",
  "gateway_mismatch",
  "customer_mismatch",
  "id_mismatch",
  "already_registered",
  "invalid_request",
  "payload_too_large",
  "method_not_allowed",
];

describe("the BFF's refusal vocabulary (lib/http/errors.ts)", () => {
  it("keeps every upstream refusal code a page tells apart", () => {
    for (const code of UPSTREAM_CODES)
      expect(refusalCode(new BillingApiError(400, code, "refused")), code).toBe(code);
  });

  it("maps an upstream code it does not know to the table's word for the status", () => {
    const cases: [number, RouteErrorCode][] = [
      [400, "bad_request"],
      [401, "unauthorized"],
      [403, "forbidden"],
      [404, "not_found"],
      [409, "conflict"],
      [422, "validation"],
      [429, "rate_limited"],
      [500, "upstream_error"],
      [503, "upstream_error"],
    ];
    for (const [status, code] of cases)
      expect(refusalCode(new BillingApiError(status, "something_new", "x")), String(status)).toBe(
        code,
      );
  });

  it("answers an unknown upstream refusal with its status and a code of the table", async () => {
    const res = toErrorResponse(new BillingApiError(400, "invalid_json", "Bad JSON at 3"));
    expect(res.status).toBe(400);
    expect(await body(res)).toEqual({
      error: { code: "bad_request", message: "errors.validation" },
    });
    const down = toErrorResponse(new BillingApiError(500, "internal_error", "stack trace"));
    expect(down.status).toBe(500);
    expect(await body(down)).toEqual({
      error: { code: "upstream_error", message: "errors.generic" },
    });
  });

  it("passes a known upstream refusal on with its own code and status", async () => {
    const res = toErrorResponse(new BillingApiError(403, "auto_pay_not_editable", "No"));
    expect(res.status).toBe(403);
    expect(await body(res)).toEqual({
      error: { code: "auto_pay_not_editable", message: "errors.generic" },
    });
  });

  it("answers the BFF's own refusals and an ended session from the same table", async () => {
    const own = toErrorResponse(new RouteError("not_found"));
    expect(own.status).toBe(404);
    expect(await body(own)).toEqual({ error: { code: "not_found", message: "errors.generic" } });
    const ended = toErrorResponse(new SessionEndedError());
    expect(ended.status).toBe(401);
    expect((await body(ended)).error.code).toBe("session_expired");
  });

  it("gives the subscriptions' refusals with a detail the same codes", async () => {
    const res = refusalResponse(
      new BillingApiError(409, "subscription_locked", "The subscription is being changed"),
    );
    if (!res) throw new Error("no refusal answer");
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: "conflict",
        message: "errors.generic",
        detail: "The subscription is being changed",
      },
    });
  });

  it("names only message keys that exist in the common catalogue", async () => {
    for (const code of [...UPSTREAM_CODES, "bad_request", "conflict", "upstream_error"]) {
      expect(isRouteErrorCode(code), code).toBe(true);
      const res = toErrorResponse(new RouteError(code as RouteErrorCode));
      const { message } = (await body(res)).error;
      expect(hasMessage(message), `${code}: ${message}`).toBe(true);
    }
  });
});

describe("the one guard for ids in paths (lib/http/path-id.ts)", () => {
  it("accepts ids as the upstream issues them", () => {
    for (const id of ["INV-1", "42", "seti_123", "pi_3Nx", "sub:7.2", "PLN-9", "a".repeat(200)])
      expect(pathId(id)).toBe(id);
  });

  it("answers 404 to anything else", () => {
    for (const id of [
      "",
      "../v1/plans",
      "a/b",
      "..",
      "a..b",
      ".hidden",
      "-x",
      "a b",
      "a".repeat(201),
    ])
      expect(() => pathId(id), JSON.stringify(id)).toThrow(
        expect.objectContaining({ name: "RouteError", code: "not_found" }),
      );
  });
});
