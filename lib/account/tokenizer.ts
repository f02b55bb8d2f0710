// The CardConnect hosted tokenizer frame (spec 000 §7, §9): where it lives, how it is asked to
// render, and the messages it posts. Pure; the frame component and the CSP use these.

export const TOKENIZER_PATH = "/itoke/ajax-tokenizer.html";
export const DEFAULT_SITE = "fts";
export const TEST_PORT = 6443;
export const LIVE_PORT = 8443;

/** Frame heights in px: cards (taller when the CVV is asked for) and bank accounts. */
export const FRAME_HEIGHTS = { card: 160, cardWithCvv: 250, ach: 50 } as const;

export type TokenizerKind = "card" | "ach";

const SITE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * The tokenizer's origin: `https://{site}.cardconnect.com:{6443 test | 8443 live}` (site default
 * 'fts'; a site that is not a plain host label falls back to it), or the configured override (the
 * sandbox's double in demo and tests).
 */
export function tokenizerOrigin(
  gateway: { site: string | null; testMode: boolean },
  override?: string | null,
): string {
  if (override) return new URL(override).origin;
  const site = gateway.site && SITE.test(gateway.site) ? gateway.site.toLowerCase() : DEFAULT_SITE;
  return `https://${site}.cardconnect.com:${gateway.testMode ? TEST_PORT : LIVE_PORT}`;
}

/** The frame's height for a form. */
export function frameHeight(kind: TokenizerKind, acceptCvv: boolean): number {
  if (kind === "ach") return FRAME_HEIGHTS.ach;
  return acceptCvv ? FRAME_HEIGHTS.cardWithCvv : FRAME_HEIGHTS.card;
}

export type FrameTexts = {
  cardLabel: string;
  expiryLabel: string;
  cvvLabel: string;
  placeholder: string;
  month: string;
  year: string;
};

/** The frame's URL with its options: a card with expiry (and CVV when accepted), or "routing/account". */
export function tokenizerUrl(
  origin: string,
  kind: TokenizerKind,
  { acceptCvv, css, texts }: { acceptCvv: boolean; css: string; texts: FrameTexts },
): string {
  const params = new URLSearchParams({
    invalidinputevent: "true",
    tokenizewheninactive: "true",
    inactivityto: "600",
    css,
  });
  if (kind === "card") {
    params.set("formatinput", "true");
    params.set("useexpiry", "true");
    params.set("usecvv", String(acceptCvv));
    params.set("cardlabel", texts.cardLabel);
    params.set("expirylabel", texts.expiryLabel);
    params.set("cvvlabel", texts.cvvLabel);
    params.set("placeholdermonth", texts.month);
    params.set("placeholderyear", texts.year);
  } else {
    // A bank account is typed as "routing/account": a text keyboard for the slash.
    params.set("fullmobilekeyboard", "true");
    params.set("cardlabel", texts.cardLabel);
  }
  params.set("placeholder", texts.placeholder);
  return `${origin}${TOKENIZER_PATH}?${params}`;
}

export type TokenizerMessage =
  { kind: "token"; token: string; expiry: string | null } | { kind: "error"; message: string };

/**
 * Reads a message event from the tokenizer: only from its exact origin and its own window, only
 * the frame's JSON (`{message: token, expiry?}` or `{validationError}`); anything else is null.
 */
export function readTokenizerMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: { origin: string; source: unknown },
): TokenizerMessage | null {
  if (event.origin !== expected.origin || !expected.source || event.source !== expected.source)
    return null;
  if (typeof event.data !== "string" || event.data.length > 2000) return null;
  let body: unknown;
  try {
    body = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (!body || typeof body !== "object") return null;
  const { message, validationError, expiry } = body as Record<string, unknown>;
  if (typeof validationError === "string" && validationError)
    return { kind: "error", message: validationError.slice(0, 200) };
  if (typeof message === "string" && /^\d{12,32}$/.test(message))
    return {
      kind: "token",
      token: message,
      expiry: typeof expiry === "string" && /^\d{5,6}$/.test(expiry) ? expiry : null,
    };
  return null;
}
