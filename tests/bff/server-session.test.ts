// getSession/requireSession and getMe/listCustomers as server components use them, with next/headers
// and next/navigation replaced by small doubles.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RefreshNeededError } from "@/lib/billing/errors";
import { resetRefreshState } from "@/lib/billing/refresh";
import { clearPortalConfigCache } from "@/lib/portal-config";
import { sealSession } from "@/lib/session/seal";
import type { PortalSession } from "@/lib/session/types";
import { ACME_CONFIG, ADA, fail, makeSession, ok, setUpFakeUpstream, tokensDto } from "./support";

const request = vi.hoisted(() => ({
  cookies: new Map<string, string>(),
  headers: new Headers(),
  readOnly: true,
  written: [] as { name: string; value: string }[],
}));

vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) =>
      request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined,
    set: (cookie: { name: string; value: string }) => {
      if (request.readOnly)
        throw new Error("Cookies can only be modified in a Server Action or Route Handler.");
      request.written.push(cookie);
    },
  }),
  headers: async () => request.headers,
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`REDIRECT ${url}`);
  },
}));

const { getSession, requireSession } = await import("@/lib/session/session");
const { getMe, listCustomers } = await import("@/lib/http/page-call");
const { loadShell } = await import("@/lib/shell");

const upstream = setUpFakeUpstream();
beforeEach(() => {
  clearPortalConfigCache();
  resetRefreshState();
  request.cookies.clear();
  request.headers = new Headers({ host: "localhost:3000" });
  request.readOnly = true;
  request.written = [];
  upstream.on("GET", "/v1/portalConfiguration", (call) =>
    call.query.get("host") === "localhost"
      ? ok(ACME_CONFIG)
      : ok({ ...ACME_CONFIG, companyId: "globex" }),
  );
});

async function present(session: PortalSession): Promise<void> {
  request.cookies.set("portal_session", await sealSession(session));
}

describe("getSession", () => {
  it("returns the session sealed for this host and company", async () => {
    await present(makeSession());
    await expect(getSession()).resolves.toMatchObject({ userId: "u-ada" });
  });

  it("returns null without a cookie", async () => {
    await expect(getSession()).resolves.toBeNull();
  });

  it("returns null on another company's host", async () => {
    await present(makeSession());
    request.headers = new Headers({ host: "127.0.0.1:3000" });
    await expect(getSession()).resolves.toBeNull();
  });

  it("returns null when the host now belongs to another company", async () => {
    await present(makeSession({ companyId: "globex-old" }));
    await expect(getSession()).resolves.toBeNull();
  });

  it("returns null after the absolute lifetime", async () => {
    await present(makeSession({ issuedAt: Date.now() - 13 * 3_600_000 }));
    await expect(getSession()).resolves.toBeNull();
  });
});

describe("requireSession", () => {
  it("sends a visitor without cookie to the login page with the return path", async () => {
    await expect(requireSession("/portal/account")).rejects.toThrow(
      "REDIRECT /portal/login?returnTo=%2Fportal%2Faccount",
    );
  });

  it("sends an unusable cookie through /api/auth/expired (which clears it: no loop)", async () => {
    await present(makeSession({ lastSeenAt: Date.now() - 60 * 60_000 }));
    await expect(requireSession("/portal/account")).rejects.toThrow(
      "REDIRECT /api/auth/expired?returnTo=%2Fportal%2Faccount",
    );
  });
});

describe("getMe and listCustomers (server components)", () => {
  it("reshape the user and the customers", async () => {
    upstream.on("GET", "/v1/user/me", ok(ADA));
    upstream.on(
      "GET",
      "/v1/user/portalUserCustomer",
      ok([{ id: 7, customer_id: "c-1", name: "Ada Lovelace Engineering" }]),
    );
    await expect(getMe(makeSession())).resolves.toEqual({
      id: "u-ada",
      email: "ada@acme.test",
      companyId: "acme",
      customerId: "c-1",
      selectedCustomerId: "c-1",
    });
    await expect(listCustomers(makeSession())).resolves.toEqual([
      { id: "7", customerId: "c-1", name: "Ada Lovelace Engineering" },
    ]);
  });

  it("never refresh where the cookie cannot be written: a refused token is RefreshNeededError", async () => {
    // A refresh made here would live in this process only: the next request, on another instance,
    // would present the rotated-out refresh token and end the session (issue 15).
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    upstream.on("GET", "/v1/user/me", fail(401, "unauthorized"));
    await expect(getMe(makeSession())).rejects.toBeInstanceOf(RefreshNeededError);
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);
    expect(request.written).toHaveLength(0);
  });

  it("use a token that expires soon as it is (the proxy refreshes a minute ahead, where it can)", async () => {
    upstream.on("POST", "/v1/auth/refresh-tokens", ok(tokensDto(1)));
    upstream.on("GET", "/v1/user/me", ok(ADA));
    await getMe(makeSession({ accessTokenExpiresAt: Date.now() + 5_000 }));
    expect(upstream.callsTo("POST", "/v1/auth/refresh-tokens")).toHaveLength(0);
    expect(upstream.callsTo("GET", "/v1/user/me")[0]?.headers.authorization).toBe(
      "Bearer access-0",
    );
  });

  it("pass the browser's IP upstream", async () => {
    request.headers = new Headers({ host: "localhost:3000", "x-portal-client-ip": "192.0.2.44" });
    upstream.on("GET", "/v1/user/me", ok(ADA));
    await getMe(makeSession());
    expect(upstream.callsTo("GET", "/v1/user/me")[0]?.headers["x-client-ip"]).toBe("192.0.2.44");
  });
});

describe("loadShell (the signed-in frame)", () => {
  beforeEach(async () => {
    request.headers = new Headers({ host: "localhost:3000", "x-portal-path": "/portal/account" });
    await present(makeSession());
    upstream.on(
      "GET",
      "/v1/user/portalUserCustomer",
      ok([{ id: 7, customer_id: "c-1", name: "Ada Lovelace Engineering" }]),
    );
  });

  it("keeps the frame when the user cannot be loaded: the session's e-mail, no customer, failed", async () => {
    upstream.on("GET", "/v1/user/me", fail(500, "internal"));
    await expect(loadShell()).resolves.toEqual({
      email: "ada@acme.test",
      customers: [],
      selectedCustomerId: null,
      failed: true,
    });
  });

  it("keeps the frame when the customers cannot be loaded", async () => {
    upstream.on("GET", "/v1/user/me", ok(ADA));
    upstream.on("GET", "/v1/user/portalUserCustomer", fail(502, "upstream_unavailable"));
    await expect(loadShell()).resolves.toMatchObject({ failed: true, customers: [] });
  });

  it("sends a refused token to /api/auth/expired, which refreshes where the cookie can be written", async () => {
    upstream.on("GET", "/v1/user/me", fail(401, "unauthorized"));
    await expect(loadShell()).rejects.toThrow(
      "REDIRECT /api/auth/expired?returnTo=%2Fportal%2Faccount",
    );
  });
});
