// Card brands: the provider's names against the gateway's allowed_cards (spec 000 §5).

/** Brand names as allowed_cards spells them. */
export const KNOWN_BRANDS = [
  "visa",
  "mastercard",
  "amex",
  "discover",
  "dinersclub",
  "jcb",
  "unionpay",
] as const;
export type KnownBrand = (typeof KNOWN_BRANDS)[number];

// Stripe says "diners"; CardConnect and the gateway setup say "dinersclub".
const ALIASES: Record<string, string> = { diners: "dinersclub", "diners club": "dinersclub" };

/** A provider's brand in allowed_cards' spelling (lower case; diners → dinersclub). */
export function normalizeBrand(brand: string): string {
  const lower = brand.trim().toLowerCase();
  return ALIASES[lower] ?? lower;
}

/** Whether the brand may be saved; "unknown" (not yet detected) is left to the provider's own checks. */
export function isBrandAllowed(brand: string, allowedCards: readonly string[]): boolean {
  const normal = normalizeBrand(brand);
  if (normal === "" || normal === "unknown") return true;
  return allowedCards.map(normalizeBrand).includes(normal);
}

/** The brand to name in 'Card type {brand} not enabled…' when it is refused, else null. */
export function refusedBrand(
  brand: string | null | undefined,
  allowedCards: readonly string[],
): string | null {
  if (!brand) return null;
  return isBrandAllowed(brand, allowedCards) ? null : normalizeBrand(brand);
}

/** The allowed brands we can draw an icon for, in the gateway's order. */
export function brandIcons(allowedCards: readonly string[]): KnownBrand[] {
  const out: KnownBrand[] = [];
  for (const brand of allowedCards.map(normalizeBrand))
    if ((KNOWN_BRANDS as readonly string[]).includes(brand) && !out.includes(brand as KnownBrand))
      out.push(brand as KnownBrand);
  return out;
}

/** Whether a (normalized) brand is one we name and draw. */
export function isKnownBrand(brand: string): brand is KnownBrand {
  return (KNOWN_BRANDS as readonly string[]).includes(brand);
}

// The first two digits of a card, as the networks' ranges tell brands apart.
const PREFIX_BRANDS: [RegExp, KnownBrand][] = [
  [/^4/, "visa"],
  [/^(5[1-5]|2[2-7])/, "mastercard"],
  [/^3[47]/, "amex"],
  [/^3[0689]/, "dinersclub"],
  [/^35/, "jcb"],
  [/^62/, "unionpay"],
  [/^(60|64|65)/, "discover"],
];

/**
 * The brand of the card behind a CardSecure token: after the leading 9 a card token carries the
 * card's first two digits (and, at its end, its last four). "unknown" when they name no brand.
 * CardConnect's frame reports no brand of its own.
 */
export function brandOfCardSecureToken(token: string): string {
  if (!/^9\d{3,}$/.test(token)) return "unknown";
  const head = token.slice(1, 3);
  return PREFIX_BRANDS.find(([re]) => re.test(head))?.[1] ?? "unknown";
}
