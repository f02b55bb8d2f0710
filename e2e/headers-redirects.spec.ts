import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { PASSWORD } from "./support/sandbox";

// Issue 12 §4: the security headers on every page the portal serves, signed in or not, and the
// open-redirect vectors on every return path (the sign-in answer, a signed-in visit of the sign-in
// page, the expired-session hop). Against the real portal; docs/SECURITY.md §6 and §8.

const SIGNED_OUT_PAGES = [
  "/portal/login",
  "/portal/forgot-password",
  "/portal/reset-password?token=not-a-token",
  "/portal/register/not-a-token",
  "/portal/verify-email?token=not-a-token",
  "/portal/no-such-page",
];
const SIGNED_IN_PAGES = [
  "/portal/dashboard",
  ...["invoices", "payments", "usages", "credits", "subscriptions", "statements"].map(
    (tab) => `/portal/dashboard?tab=${tab}`,
  ),
  "/portal/account",
];

function expectPageHeaders(res: APIResponse, path: string) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp, path).toMatch(/script-src[^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
  expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-eval'/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"])
    expect(csp, path).toContain(directive);
  expect(h["x-content-type-options"], path).toBe("nosniff");
  expect(h["x-frame-options"], path).toBe("DENY");
  expect(h["referrer-policy"], path).toBeTruthy();
  expect(h["permissions-policy"], path).toContain("camera=()");
  expect(h["cache-control"], path).toContain("no-store");
  expect(h["x-powered-by"], path).toBeUndefined();
}

async function signedIn(
  playwright: {
    request: { newContext(o: object): Promise<APIRequestContext> };
  },
  baseURL: string,
) {
  const client = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL, "X-CSRF": "1" },
  });
  const res = await client.post("/api/auth/login", {
    data: { email: "ada@acme.test", password: PASSWORD },
  });
  expect(res.status()).toBe(200);
  return client;
}

test("every page carries the security headers, signed out and signed in", async ({
  request,
  playwright,
  baseURL,
}) => {
  for (const path of SIGNED_OUT_PAGES) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBeLessThan(500);
    expectPageHeaders(res, path);
  }
  const ada = await signedIn(playwright, baseURL!);
  try {
    for (const path of SIGNED_IN_PAGES) {
      const res = await ada.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      expectPageHeaders(res, path);
    }
  } finally {
    await ada.dispose();
  }
});

// Each must end on the portal's own origin under /portal/ (SECURITY.md §6).
const VECTORS = [
  "//evil.example/portal/dashboard",
  "https://evil.example/portal/dashboard",
  "http://evil.example",
  "/\\evil.example",
  "/%5Cevil.example",
  "\\\\evil.example",
  "javascript:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  "/portal/../../evil.example",
  "/portal/%2e%2e/%2e%2e//evil.example",
  "%2F%2Fevil.example",
  "/portal@evil.example",
  "\t//evil.example",
  " https://evil.example",
  "/api/auth/logout",
];

/** A Location or redirectTo that stays on our origin, under /portal/. */
function expectOwnPath(target: string | undefined, baseURL: string, what: string) {
  expect(target, what).toBeTruthy();
  const url = new URL(target!, baseURL);
  expect(url.origin, what).toBe(new URL(baseURL).origin);
  expect(url.pathname, what).toMatch(/^\/portal\//);
  expect(url.pathname, what).not.toContain("//");
  expect(url.pathname, what).not.toContain("\\");
}

test("no return path leads anywhere but the portal's own pages", async ({
  playwright,
  baseURL,
}) => {
  const ada = await signedIn(playwright, baseURL!);
  try {
    for (const vector of VECTORS) {
      // 1. The sign-in answer's redirectTo.
      const login = await ada.post("/api/auth/login", {
        data: { email: "ada@acme.test", password: PASSWORD, returnTo: vector },
      });
      expect(login.status(), vector).toBe(200);
      expectOwnPath((await login.json()).redirectTo, baseURL!, `sign-in: ${vector}`);

      // 2. A signed-in visit of the sign-in page sends the browser on.
      const visit = await ada.get(`/portal/login?returnTo=${encodeURIComponent(vector)}`, {
        maxRedirects: 0,
      });
      expect(visit.status(), vector).toBeGreaterThanOrEqual(300);
      expectOwnPath(visit.headers().location, baseURL!, `login page: ${vector}`);

      // 3. The expired-session hop, with a session that still works, goes back to returnTo.
      const hop = await ada.get(`/api/auth/expired?returnTo=${encodeURIComponent(vector)}`, {
        maxRedirects: 0,
      });
      expect(hop.status(), vector).toBe(303);
      expectOwnPath(hop.headers().location, baseURL!, `expired hop: ${vector}`);
    }
  } finally {
    await ada.dispose();
  }
});
