import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INLINE_IMAGE_MAX_BYTES, inlineBrandImage } from "@/lib/theme/inline-image";

describe("inlineBrandImage", () => {
  it("writes a small brand file of the portal's own as a data: URL of its bytes", async () => {
    const file = "public/brand/acme-banner.svg";
    expect(statSync(file).size).toBeLessThanOrEqual(INLINE_IMAGE_MAX_BYTES);
    const url = await inlineBrandImage("/brand/acme-banner.svg");
    expect(url).toBe(`data:image/svg+xml;base64,${readFileSync(file).toString("base64")}`);
  });

  it("leaves larger files as URLs", async () => {
    expect(statSync("public/brand/acme-logo.svg").size).toBeGreaterThan(INLINE_IMAGE_MAX_BYTES);
    expect(await inlineBrandImage("/brand/acme-logo.svg")).toBeNull();
  });

  it.each([
    "https://cdn.example.com/brand/banner.svg",
    "/brand/../package.json",
    "/brand/%2e%2e/package.json",
    "/brand/missing.svg",
    "/brand/banner.svg?x=1",
    "/favicon.ico",
  ])("never reads anything but an existing file under public/brand: %s", async (url) => {
    expect(await inlineBrandImage(url)).toBeNull();
  });
});
