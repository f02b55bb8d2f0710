import { describe, expect, it } from "vitest";
import { protectedReturnPath } from "@/lib/portal-path";

describe("protectedReturnPath", () => {
  it("sends /portal (an empty placeholder) back to the dashboard after sign-in", () => {
    expect(protectedReturnPath("/portal")).toBe("/portal/dashboard");
    expect(protectedReturnPath("/portal/")).toBe("/portal/dashboard");
    expect(protectedReturnPath("/portal?x=1")).toBe("/portal/dashboard");
  });

  it("keeps any other page with its query, and falls back to the dashboard without a path", () => {
    expect(protectedReturnPath("/portal/dashboard?tab=payments&page=3")).toBe(
      "/portal/dashboard?tab=payments&page=3",
    );
    expect(protectedReturnPath("/portal/account")).toBe("/portal/account");
    expect(protectedReturnPath(null)).toBe("/portal/dashboard");
  });
});
