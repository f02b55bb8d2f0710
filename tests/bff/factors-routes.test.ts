// The BFF routes of the signed-in user's second factors (issue 34 §1; docs/CONTRACT.md §1 "Second
// factor"): each against the fake /v1, checking what goes upstream and what the browser is
// answered. The portal keeps nothing of a factor: the key passes through once, as a QR code too.
import { describe, expect, it } from "vitest";
import { DELETE as removeFactor } from "@/app/api/account/factors/[id]/route";
import { POST as confirm } from "@/app/api/account/factors/[id]/confirm/route";
import { POST as renew } from "@/app/api/account/factors/recovery-codes/route";
import { GET as list } from "@/app/api/account/factors/route";
import { POST as enroll } from "@/app/api/account/factors/totp/route";
import type { ConfirmedFactor, FactorList, TotpEnrollment } from "@/lib/schemas/factors";
import { bffRequest, fail, ok, setUpSignedInRoutes } from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes();

const send = (path: string, method: string, body: unknown = {}, headers = {}) =>
  bffRequest(path, { method, body, cookie: cookie(), headers });
const idCtx = (id: string) => ({ params: Promise.resolve({ id }) });
const noParams = { params: Promise.resolve({}) };
const json = async <T>(res: Response) => (await res.json()) as T;

const factorWire = {
  id: "fac_1",
  kind: "totp",
  name: "Authenticator app",
  created_at: "2030-01-02T10:00:00.000Z",
  last_used_at: null,
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${String(i).padStart(4, "0")}`);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("GET /api/account/factors", () => {
  it("answers the factors and the recovery codes left in the app's words", async () => {
    upstream.on(
      "GET",
      "/v1/user/me/factors",
      ok({ factors: [factorWire], recovery_codes_left: 7 }),
    );
    const res = await list(get("/api/account/factors"), noParams);
    expect(res.status).toBe(200);
    expect(await json<FactorList>(res)).toEqual({
      factors: [
        {
          id: "fac_1",
          kind: "totp",
          name: "Authenticator app",
          createdAt: "2030-01-02T10:00:00.000Z",
          lastUsedAt: null,
        },
      ],
      recoveryCodesLeft: 7,
      // This portal's configuration names no passkeys.
      passkeys: false,
    });
    expect(upstream.callsTo("GET", "/v1/user/me/factors")[0]?.headers.authorization).toMatch(
      /^Bearer /,
    );
  });

  it("passes on a billing API without factors as 404 (the card hides)", async () => {
    upstream.on("GET", "/v1/user/me/factors", fail(404, "not_found", "Not found"));
    const res = await list(get("/api/account/factors"), noParams);
    expect(res.status).toBe(404);
  });

  it("refuses without a session", async () => {
    const res = await list(bffRequest("/api/account/factors", { method: "GET" }), noParams);
    expect(res.status).toBe(401);
  });
});

describe("POST /api/account/factors/totp", () => {
  it("answers the key and draws its otpauth URI as an SVG QR code", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/totp",
      ok({
        factor_id: "fac_2",
        secret: SECRET,
        otpauth_uri: `otpauth://totp/Acme%20Water:ada%40acme.test?secret=${SECRET}&issuer=Acme%20Water`,
      }),
    );
    const res = await enroll(send("/api/account/factors/totp", "POST"), noParams);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<TotpEnrollment>(res);
    expect(body.factorId).toBe("fac_2");
    expect(body.secret).toBe(SECRET);
    expect(body.otpauthUri).toMatch(/^otpauth:\/\/totp\/Acme%20Water:/);
    const [prefix, data] = body.qrCode.split(",");
    expect(prefix).toBe("data:image/svg+xml;base64");
    const svg = Buffer.from(data ?? "", "base64").toString("utf8");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).not.toContain("<script");
    // Named in the page's language: the card and the activity log show the name.
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp")[0]?.body).toEqual({
      name: "Authenticator app",
    });
  });

  it("names the app in the customer's language", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/totp",
      ok({
        factor_id: "fac_2",
        secret: SECRET,
        otpauth_uri: `otpauth://totp/A:a?secret=${SECRET}`,
      }),
    );
    await enroll(
      bffRequest("/api/account/factors/totp", {
        method: "POST",
        body: {},
        cookie: `${cookie()}; NEXT_LOCALE=de`,
        headers: { "accept-language": "ja" },
      }),
      noParams,
    );
    await enroll(
      send("/api/account/factors/totp", "POST", {}, { "accept-language": "ar;q=0.9, xx" }),
      noParams,
    );
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp").map((c) => c.body)).toEqual([
      { name: "Authentifizierungs-App" },
      { name: "تطبيق المصادقة" },
    ]);
  });

  it("refuses a cross-site request before calling the API", async () => {
    const res = await enroll(
      send("/api/account/factors/totp", "POST", {}, { origin: "https://evil.example" }),
      noParams,
    );
    expect(res.status).toBe(403);
    expect(upstream.callsTo("POST", "/v1/user/me/factors/totp")).toHaveLength(0);
  });

  it("refuses an answer whose URI is not an otpauth one (nothing else is drawn)", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/totp",
      ok({ factor_id: "fac_2", secret: SECRET, otpauth_uri: "https://evil.example/" }),
    );
    const res = await enroll(send("/api/account/factors/totp", "POST"), noParams);
    expect(res.status).toBe(502);
  });
});

describe("POST /api/account/factors/:id/confirm", () => {
  it("sends the code without its space and answers the factor with the recovery codes", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_2/confirm",
      ok({ factor: { ...factorWire, id: "fac_2" }, recovery_codes: codes }),
    );
    const res = await confirm(
      send("/api/account/factors/fac_2/confirm", "POST", { code: " 123 456 " }),
      idCtx("fac_2"),
    );
    expect(res.status).toBe(200);
    const body = await json<ConfirmedFactor>(res);
    expect(body.recoveryCodes).toEqual(codes);
    expect(body.factor.id).toBe("fac_2");
    expect(upstream.callsTo("POST", "/v1/user/me/factors/fac_2/confirm")[0]?.body).toEqual({
      code: "123456",
    });
  });

  it("answers a second factor's confirmation without codes as null", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_3/confirm",
      ok({ factor: { ...factorWire, id: "fac_3" }, recovery_codes: null }),
    );
    const res = await confirm(
      send("/api/account/factors/fac_3/confirm", "POST", { code: "123456" }),
      idCtx("fac_3"),
    );
    expect((await json<ConfirmedFactor>(res)).recoveryCodes).toBeNull();
  });

  it("puts a wrong code under the field, and a malformed one is never sent", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_2/confirm",
      fail(400, "invalid_code", "That code is not right"),
    );
    const wrong = await confirm(
      send("/api/account/factors/fac_2/confirm", "POST", { code: "000000" }),
      idCtx("fac_2"),
    );
    expect(wrong.status).toBe(422);
    expect(await json(wrong)).toMatchObject({
      error: { fields: { code: "errors.auth.invalidCode" } },
    });
    const malformed = await confirm(
      send("/api/account/factors/fac_2/confirm", "POST", { code: "12ab56" }),
      idCtx("fac_2"),
    );
    expect(malformed.status).toBe(422);
    expect(await json(malformed)).toMatchObject({
      error: { fields: { code: "secondFactor.codeInvalid" } },
    });
    expect(upstream.callsTo("POST", "/v1/user/me/factors/fac_2/confirm")).toHaveLength(1);
  });

  it("passes on the login limiter's 429 with its wait", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/fac_2/confirm",
      fail(429, "rate_limited", "Too many", { "retry-after": "30" }),
    );
    const res = await confirm(
      send("/api/account/factors/fac_2/confirm", "POST", { code: "123456" }),
      idCtx("fac_2"),
    );
    expect(res.status).toBe(429);
  });
});

describe("DELETE /api/account/factors/:id and POST /api/account/factors/recovery-codes", () => {
  it("removes the factor named in the path", async () => {
    upstream.on("DELETE", "/v1/user/me/factors/fac_1", ok({ success: true }));
    const res = await removeFactor(
      send("/api/account/factors/fac_1", "DELETE", undefined),
      idCtx("fac_1"),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("DELETE", "/v1/user/me/factors/fac_1")).toHaveLength(1);
  });

  it("answers ten new recovery codes", async () => {
    upstream.on("POST", "/v1/user/me/factors/recovery_codes", ok({ recovery_codes: codes }));
    const res = await renew(send("/api/account/factors/recovery-codes", "POST"), noParams);
    expect(await json(res)).toEqual({ recoveryCodes: codes });
  });
});

describe("a portal whose company does not sign in with a passkey alone", () => {
  it("answers 404 for the passkey sign-in's options, before the billing API", async () => {
    const { POST: signInOptions } = await import("@/app/api/auth/passkey/options/route");
    const res = await signInOptions(
      bffRequest("/api/auth/passkey/options", { body: {} }),
      noParams,
    );
    expect(res.status).toBe(404);
    expect(upstream.callsTo("POST", "/v1/auth/passkey/options")).toEqual([]);
  });
});
