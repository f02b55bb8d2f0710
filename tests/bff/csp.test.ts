import { describe, expect, it } from "vitest";
import { buildCsp, createNonce } from "@/lib/security/csp";
import { hasTokenInPath, securityHeaders } from "@/lib/security/headers";

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("Content-Security-Policy", () => {
  const nonce = createNonce();
  const csp = directives(buildCsp({ nonce, pathname: "/portal/dashboard" }));

  it("carries the per-request nonce with strict-dynamic", () => {
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  });

  it("creates a different, unguessable nonce per request", () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).not.toBe(b);
    expect(atob(a)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never allows inline or eval scripts in production", () => {
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  });

  it("adds unsafe-eval in development only", () => {
    expect(directives(buildCsp({ nonce, pathname: "/", dev: true })).get("script-src")).toContain(
      "'unsafe-eval'",
    );
  });

  it("forbids framing, plugins and base rewriting", () => {
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
  });

  it("allows hCaptcha's origins only on the forgot-password page and the sign-in form's pages", () => {
    for (const page of ["/portal/forgot-password", "/portal/login", "/portal/verify-email/t1"]) {
      const csp = directives(buildCsp({ nonce, pathname: page }));
      for (const name of ["script-src", "frame-src", "connect-src", "style-src"]) {
        expect(csp.get(name)).toContain("https://hcaptcha.com");
        expect(csp.get(name)).toContain("https://*.hcaptcha.com");
      }
    }
    for (const path of [
      "/portal/dashboard",
      "/portal/account",
      "/portal/login-elsewhere",
      "/portal/register/x",
      "/api/auth/forgot-password",
    ]) {
      expect(buildCsp({ nonce, pathname: path })).not.toContain("hcaptcha");
    }
  });

  it("adds the origin of HCAPTCHA_SCRIPT_URL (the sandbox double) on those pages only", () => {
    const url = "http://127.0.0.1:4010/__sandbox/hcaptcha/api.js";
    const forgot = directives(
      buildCsp({ nonce, pathname: "/portal/forgot-password", hcaptchaScriptUrl: url }),
    );
    expect(forgot.get("script-src")).toContain("http://127.0.0.1:4010");
    expect(forgot.get("frame-src")).toContain("http://127.0.0.1:4010");
    expect(
      buildCsp({ nonce, pathname: "/portal/dashboard", hcaptchaScriptUrl: url }),
    ).not.toContain("4010");
  });

  it("ignores an HCAPTCHA_SCRIPT_URL that is not an http(s) URL", () => {
    expect(
      buildCsp({
        nonce,
        pathname: "/portal/forgot-password",
        hcaptchaScriptUrl: "javascript:alert(1)",
      }),
    ).not.toContain("javascript");
  });
});

describe("security headers", () => {
  const csp = buildCsp({ nonce: "n", pathname: "/portal/login" });

  it("sets nosniff, DENY, a minimal Permissions-Policy and no-store on portal pages", () => {
    const h = securityHeaders({ pathname: "/portal/login", csp, hsts: false });
    expect(h).toMatchObject({
      "Content-Security-Policy": csp,
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cache-Control": "no-store",
    });
    expect(h["Permissions-Policy"]).toContain("camera=()");
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });

  it("sends HSTS only when the portal runs on https", () => {
    expect(
      securityHeaders({ pathname: "/portal/login", csp, hsts: true })["Strict-Transport-Security"],
    ).toMatch(/max-age=\d+/);
  });

  it("sends no-store on the BFF but not on public files", () => {
    expect(securityHeaders({ pathname: "/api/session", csp, hsts: false })["Cache-Control"]).toBe(
      "no-store",
    );
    expect(
      securityHeaders({ pathname: "/robots.txt", csp, hsts: false })["Cache-Control"],
    ).toBeUndefined();
  });

  it.each([
    "/portal/login/tok123/enc456",
    "/portal/register/tok",
    "/portal/reset-password/tok",
    "/portal/verify-email/tok",
  ])("sends Referrer-Policy: no-referrer on %s (token in the path)", (pathname) => {
    expect(hasTokenInPath(pathname)).toBe(true);
    expect(securityHeaders({ pathname, csp, hsts: false })["Referrer-Policy"]).toBe("no-referrer");
  });

  it.each([
    "/portal/login",
    "/portal/dashboard",
    "/portal/forgot-password",
    "/portal/login/only-one",
  ])("keeps the default policy on %s", (pathname) => {
    expect(hasTokenInPath(pathname)).toBe(false);
  });
});
