import type { SandboxConfig } from "./config";
import { safeEqual } from "./crypto";

/** hCaptcha's documented test response (what the test sitekey and our widget double yield). */
export const HCAPTCHA_TEST_RESPONSE = "10000000-aaaa-bbbb-cccc-000000000001";
export const HCAPTCHA_SITEVERIFY_URL = "https://api.hcaptcha.com/siteverify";

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  json(): Promise<unknown>;
}>;

/**
 * Verifies a captcha response. Test mode accepts exactly the test response; live mode asks
 * hCaptcha's siteverify with HCAPTCHA_SECRET (a network failure counts as not verified).
 */
export function createCaptchaVerifier(
  config: Pick<SandboxConfig, "hcaptchaMode" | "hcaptchaSecret">,
  fetchImpl: FetchLike = fetch,
): (response: string, remoteIp: string | undefined) => Promise<boolean> {
  if (config.hcaptchaMode === "test") {
    return async (response) => safeEqual(response, HCAPTCHA_TEST_RESPONSE);
  }
  const secret = config.hcaptchaSecret ?? "";
  return async (response, remoteIp) => {
    if (!response || response.length > 10_000) return false;
    const form = new URLSearchParams({ secret, response });
    if (remoteIp) form.set("remoteip", remoteIp);
    try {
      const res = await fetchImpl(HCAPTCHA_SITEVERIFY_URL, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: unknown };
      return body.success === true;
    } catch {
      return false;
    }
  };
}
