import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETURN_PATH,
  expiredPathFor,
  loginPathFor,
  safeReturnPath,
} from "@/lib/return-path";

describe("safeReturnPath", () => {
  it.each([
    ["/portal/dashboard", "/portal/dashboard"],
    ["/portal/account", "/portal/account"],
    ["/portal", "/portal"],
    ["/portal/dashboard?tab=invoices&page=2", "/portal/dashboard?tab=invoices&page=2"],
    ["/portal/dashboard?q=a%2Fb", "/portal/dashboard?q=a%2Fb"],
    ["/portal/./account", "/portal/account"],
    ["%2Fportal%2Faccount", "/portal/account"],
  ])("follows the same-origin portal path %j", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it("drops the fragment and keeps path and query only", () => {
    expect(safeReturnPath("/portal/account?x=1#section")).toBe("/portal/account?x=1");
  });

  it.each([
    "//evil.example",
    "//evil.example/portal/dashboard",
    "/\\evil.example",
    "\\\\evil.example",
    "/portal\\..\\..\\api",
    "https:%2F%2Fevil.example",
    "https://evil.example/portal/dashboard",
    "http://localhost:3000/portal/dashboard",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "/portal/../api",
    "/portal/%2e%2e/api/session",
    "/portal%2F..%2F..%2Fapi",
    "/portal/%2F%2Fevil.example",
    "/portal/%5Cevil.example",
    "%2F%2Fevil",
    "%2F%2Fevil.example%2Fportal",
    "%252F%252Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/portal/dashboard\r\nSet-Cookie: x=1",
    "/%09/evil.example",
    "/portal/%0a",
    " /portal/dashboard",
    "/api/session",
    "/api/v1/user/me",
    "/portal-evil",
    "/portalx/dashboard",
    "/PORTAL/dashboard",
    "/portal/login",
    "/portal/login?returnTo=/portal/dashboard",
    "/portal/login/tok/enc",
    "/portal/%6cogin",
    "/portal//login",
    "/portal/dashboard//evil.example",
    "portal/dashboard",
    "",
    "/",
    "/%",
  ])("falls back to the dashboard for %j", (input) => {
    expect(safeReturnPath(input)).toBe(DEFAULT_RETURN_PATH);
  });

  it.each([undefined, null, 42, {}, ["/portal/account"], true])(
    "falls back to the dashboard for a non-string %j",
    (input) => {
      expect(safeReturnPath(input)).toBe(DEFAULT_RETURN_PATH);
    },
  );

  it("refuses over-long input", () => {
    expect(safeReturnPath(`/portal/${"a".repeat(5000)}`)).toBe(DEFAULT_RETURN_PATH);
  });

  it("decodes at most once", () => {
    // Twice-encoded slashes stay encoded after the one decode and are refused.
    expect(safeReturnPath("%252Fportal%252Faccount")).toBe(DEFAULT_RETURN_PATH);
  });
});

describe("loginPathFor", () => {
  it("carries a sanitised returnTo and extra parameters", () => {
    expect(loginPathFor("/portal/account?x=1", { error: "sessionExpired" })).toBe(
      "/portal/login?returnTo=%2Fportal%2Faccount%3Fx%3D1&error=sessionExpired",
    );
  });

  it("replaces a hostile returnTo with the dashboard", () => {
    expect(loginPathFor("//evil.example")).toBe("/portal/login?returnTo=%2Fportal%2Fdashboard");
  });

  it("leaves returnTo out when there is none", () => {
    expect(loginPathFor("")).toBe("/portal/login");
  });
});

describe("expiredPathFor", () => {
  it("carries the sanitised return path to /api/auth/expired", () => {
    expect(expiredPathFor("/portal/account?x=1")).toBe(
      "/api/auth/expired?returnTo=%2Fportal%2Faccount%3Fx%3D1",
    );
  });

  it.each(["//evil.example", "https://evil.example/portal/dashboard", "/api/session", undefined])(
    "replaces the return path %j with the dashboard",
    (input) => {
      expect(expiredPathFor(input)).toBe("/api/auth/expired?returnTo=%2Fportal%2Fdashboard");
    },
  );
});
