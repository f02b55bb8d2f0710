/** Colour maths for the company theme (WCAG 2.2 relative luminance and contrast ratio). */

export type Rgb = { r: number; g: number; b: number };
type Hsl = { h: number; s: number; l: number };

/** The spec's default primary colour. */
export const DEFAULT_PRIMARY = "#ffffff";
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;
export const WHITE = "#ffffff";

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses #rgb or #rrggbb (case-insensitive, # optional); null for anything else. */
export function parseHex(input: unknown): Rgb | null {
  if (typeof input !== "string") return null;
  const match = HEX.exec(input.trim());
  if (!match?.[1]) return null;
  let hex = match[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const value = Number.parseInt(hex, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

/** Lower-case #rrggbb. */
export function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Normalises a colour to lower-case #rrggbb, or null when it is not one. */
export function normalizeHex(input: unknown): string | null {
  const rgb = parseHex(input);
  return rgb ? toHex(rgb) : null;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours, 1 to 21. Throws on invalid colours. */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) throw new Error(`not a colour: ${!ca ? String(a) : String(b)}`);
  const la = relativeLuminance(ca);
  const lb = relativeLuminance(cb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function rgbToHsl({ r, g, b }: Rgb): Hsl {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

function hslToRgb({ h, s, l }: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  return { r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 };
}

/**
 * A shade of `color` (same hue and saturation, lightness lowered step by step) that reaches
 * `min` contrast against `background`; colours that already do are returned unchanged.
 * Invalid input falls back to the default primary colour.
 */
export function accessibleShade(color: unknown, background = WHITE, min = MIN_CONTRAST): string {
  const rgb = parseHex(color) ?? (parseHex(DEFAULT_PRIMARY) as Rgb);
  const original = toHex(rgb);
  if (contrastRatio(original, background) >= min) return original;
  const hsl = rgbToHsl(rgb);
  for (let l = hsl.l; l >= 0; l -= 0.01) {
    const candidate = toHex(hslToRgb({ ...hsl, l }));
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return "#000000";
}

/** The company colour made safe for buttons (white text), links and focus rings on the white page. */
export function accessiblePrimary(color: unknown): string {
  return accessibleShade(color, WHITE, MIN_CONTRAST);
}

/** A darker shade of a colour (lightness lowered by `amount`), for hover states. */
export function darken(color: string, amount: number): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  const hsl = rgbToHsl(rgb);
  return toHex(hslToRgb({ ...hsl, l: Math.max(0, hsl.l - amount) }));
}
