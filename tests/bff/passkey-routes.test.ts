// Passkeys through the BFF (issue 34 §1; docs/CONTRACT.md §1 "Second factor"): the billing API's
// WebAuthn options pass to the browser as they are, the browser's answer is checked for shape and
// passed on, and only the billing API's verdict signs anyone in.
import { describe, expect, it } from "vitest";
import { POST as addPasskey } from "@/app/api/account/factors/passkey/route";
import { POST as registrationOptions } from "@/app/api/account/factors/passkey/options/route";
import { GET as listFactors } from "@/app/api/account/factors/route";
import { POST as signInOptions } from "@/app/api/auth/passkey/options/route";
import { POST as signIn } from "@/app/api/auth/passkey/route";
import { unsealSession } from "@/lib/session/seal";
import {
  ACME_CONFIG,
  ADA,
  bffRequest,
  fail,
  noParams,
  ok,
  PASSKEY_ASSERTION,
  setSessionCookie,
  setUpSignedInRoutes,
  tokensDto,
} from "./support";

const { upstream, cookie, get } = setUpSignedInRoutes(
  ok({ ...ACME_CONFIG, signIn: { secondFactor: "optional", passkeys: true, passkeySignIn: true } }),
);

const send = (path: string, body: unknown = {}, headers = {}) =>
  bffRequest(path, { method: "POST", body, cookie: cookie(), headers });
const CHALLENGE = "Y2hhbGxlbmdlLTAxMjM0NTY3ODlhYmNkZWY";
const attestation = {
  id: "Y3JlZC0x",
  rawId: "Y3JlZC0x",
  type: "public-key",
  response: { clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0", attestationObject: "o2Nm" },
  clientExtensionResults: {},
};
const assertion = PASSKEY_ASSERTION;

describe("adding a passkey from the account page", () => {
  it("says whether this portal offers passkeys with the factor list", async () => {
    upstream.on("GET", "/v1/user/me/factors", ok({ factors: [], recovery_codes_left: 0 }));
    const res = await listFactors(get("/api/account/factors"), noParams());
    expect(await res.json()).toEqual({ factors: [], recoveryCodesLeft: 0, passkeys: true });
  });

  it("hands the billing API's options to the browser as they are", async () => {
    const options = { challenge: CHALLENGE, rp: { id: "localhost", name: "Acme Water" }, user: {} };
    upstream.on("POST", "/v1/user/me/factors/passkey/options", ok({ options }));
    const res = await registrationOptions(send("/api/account/factors/passkey/options"), noParams());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ options });
  });

  it("passes the name and the browser's answer on; a refusal is the portal's own error", async () => {
    upstream.on(
      "POST",
      "/v1/user/me/factors/passkey",
      ok({
        factor: {
          id: "fac_p",
          kind: "passkey",
          name: "Work laptop",
          created_at: "2030-01-01T00:00:00.000Z",
          last_used_at: null,
        },
        recovery_codes: null,
      }),
    );
    const res = await addPasskey(
      send("/api/account/factors/passkey", { name: " Work laptop ", response: attestation }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/user/me/factors/passkey")[0]?.body).toEqual({
      name: "Work laptop",
      response: attestation,
    });
    upstream.on(
      "POST",
      "/v1/user/me/factors/passkey",
      fail(400, "invalid_passkey", "That passkey could not be used."),
    );
    const refused = await addPasskey(
      send("/api/account/factors/passkey", { name: "Laptop", response: attestation }),
      noParams(),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({
      code: "invalid_passkey",
      message: "errors.auth.passkeyRefused",
    });
  });

  it("refuses an answer that is not WebAuthn's shape, or no name, before the billing API", async () => {
    for (const body of [
      { name: "Laptop", response: { ...attestation, type: "password" } },
      { name: "Laptop", response: { ...attestation, response: { clientDataJSON: "<script>" } } },
      { name: "   ", response: attestation },
      { name: "x".repeat(101), response: attestation },
    ]) {
      const res = await addPasskey(send("/api/account/factors/passkey", body), noParams());
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect(upstream.callsTo("POST", "/v1/user/me/factors/passkey")).toEqual([]);
  });
});

describe("signing in with a passkey alone", () => {
  it("asks the billing API for options of this host's company", async () => {
    upstream.on("POST", "/v1/auth/passkey/options", ok({ options: { challenge: CHALLENGE } }));
    const res = await signInOptions(
      bffRequest("/api/auth/passkey/options", { body: {} }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(upstream.callsTo("POST", "/v1/auth/passkey/options")[0]?.body).toEqual({
      companyId: "acme",
    });
  });

  it("seals the session the billing API's tokens make, and goes where the sign-in was going", async () => {
    upstream.on("POST", "/v1/auth/passkey", ok({ ...tokensDto(4), user: ADA }));
    const res = await signIn(
      bffRequest("/api/auth/passkey", {
        body: { response: assertion, returnTo: "/portal/account" },
      }),
      noParams(),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: "/portal/account" });
    expect(upstream.callsTo("POST", "/v1/auth/passkey")[0]?.body).toEqual({
      companyId: "acme",
      response: assertion,
    });
    const session = await unsealSession(setSessionCookie(res)?.value);
    expect(session).toMatchObject({ accessToken: "access-4", userId: "u-ada" });
  });

  it("a refused passkey signs nobody in; a return path off the site is not followed", async () => {
    upstream.on("POST", "/v1/auth/passkey", fail(401, "invalid_passkey", "refused"));
    const refused = await signIn(
      bffRequest("/api/auth/passkey", { body: { response: assertion } }),
      noParams(),
    );
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.code).toBe("passkey_refused");
    expect(setSessionCookie(refused)).toBeUndefined();
    upstream.on("POST", "/v1/auth/passkey", ok({ ...tokensDto(5), user: ADA }));
    const offsite = await signIn(
      bffRequest("/api/auth/passkey", {
        body: { response: assertion, returnTo: "https://evil.example/x" },
      }),
      noParams(),
    );
    expect((await offsite.json()).redirectTo).toBe("/portal/dashboard");
  });

  it("refuses a cross-site request", async () => {
    const res = await signIn(
      bffRequest("/api/auth/passkey", {
        body: { response: assertion },
        headers: { origin: "https://evil.example" },
      }),
      noParams(),
    );
    expect(res.status).toBe(403);
    expect(upstream.callsTo("POST", "/v1/auth/passkey")).toEqual([]);
  });
});
