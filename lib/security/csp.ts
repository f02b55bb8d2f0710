// Content-Security-Policy with a per-request nonce (docs/SECURITY.md §8). Pure: proxy.ts builds it
// per request; Next.js reads the nonce from the request's CSP header and tags its own scripts.

import type { ProviderOrigins } from "./payment-origins";

const HCAPTCHA_ORIGINS = ["https://hcaptcha.com", "https://*.hcaptcha.com"];

/**
 * Pages that load the hCaptcha widget (and so get its origins): forgot-password, and the pages
 * with the sign-in form, which asks for the check once an e-mail failed too often.
 */
export function usesHcaptcha(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return (
    path === "/portal/forgot-password" ||
    path === "/portal/login" ||
    path.startsWith("/portal/verify-email/")
  );
}

/** A fresh, unguessable nonce (base64 of a random UUID: 122 random bits). */
export function createNonce(): string {
  return btoa(crypto.randomUUID());
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export type CspInput = {
  nonce: string;
  pathname: string;
  /** NODE_ENV=development: React needs eval for its dev tooling. */
  dev?: boolean;
  /** HCAPTCHA_SCRIPT_URL: its origin is allowed on the hCaptcha page (the sandbox double in demo and tests). */
  hcaptchaScriptUrl?: string;
  /** The payment provider origins of this page and company (lib/security/payment-origins.ts). */
  providers?: ProviderOrigins | null;
};

/** The Content-Security-Policy header value for one response. */
export function buildCsp({
  nonce,
  pathname,
  dev = false,
  hcaptchaScriptUrl,
  providers,
}: CspInput): string {
  const captcha: string[] = [];
  if (usesHcaptcha(pathname)) {
    captcha.push(...HCAPTCHA_ORIGINS);
    const extra = originOf(hcaptchaScriptUrl);
    if (extra && !captcha.includes(extra)) captcha.push(extra);
  }
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    [
      "script-src",
      [
        "'self'",
        `'nonce-${nonce}'`,
        "'strict-dynamic'",
        ...(dev ? ["'unsafe-eval'"] : []),
        ...captcha,
        ...(providers?.script ?? []),
      ],
    ],
    ["style-src", ["'self'", "'unsafe-inline'", ...captcha]],
    ["img-src", ["'self'", "data:", "https:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...captcha, ...(providers?.connect ?? [])]],
    ["frame-src", ["'self'", ...captcha, ...(providers?.frame ?? [])]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
    ["form-action", ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}
