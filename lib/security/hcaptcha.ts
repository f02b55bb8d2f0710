import "server-only";

// hCaptcha's documented test key and its public loader; production sets HCAPTCHA_SITEKEY, the demo
// and tests HCAPTCHA_SCRIPT_URL (the sandbox's double).
const DEFAULT_SITEKEY = "10000000-ffff-ffff-ffff-000000000001";
const DEFAULT_SCRIPT_URL = "https://js.hcaptcha.com/1/api.js";

/** What the widget needs: the site key and where its loader comes from. */
export function hcaptchaConfig(): { sitekey: string; scriptSource: string } {
  return {
    sitekey: process.env.HCAPTCHA_SITEKEY || DEFAULT_SITEKEY,
    scriptSource: process.env.HCAPTCHA_SCRIPT_URL || DEFAULT_SCRIPT_URL,
  };
}
