import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { shouldRetry } from "@/lib/query-client";

describe("shouldRetry (the browser's query retries)", () => {
  it("retries a quick upstream failure or a network blip twice", () => {
    for (const status of [0, 500, 502, 503]) {
      const err = new ApiError(status, "upstream_unavailable", "errors.upstream");
      expect(shouldRetry(0, err)).toBe(true);
      expect(shouldRetry(1, err)).toBe(true);
      expect(shouldRetry(2, err)).toBe(false);
    }
  });

  it("never retries a timeout: a slow billing API would keep the customer waiting a timeout per try", () => {
    expect(shouldRetry(0, new ApiError(504, "upstream_unavailable", "errors.upstream"))).toBe(
      false,
    );
  });

  it("never retries a client error", () => {
    for (const status of [400, 401, 404, 422, 429])
      expect(shouldRetry(0, new ApiError(status, "x", "errors.generic"))).toBe(false);
  });

  it("never retries a failure the page's server render already waited for (streamed, not an ApiError)", () => {
    expect(shouldRetry(0, new Error("redacted"))).toBe(false);
  });
});
