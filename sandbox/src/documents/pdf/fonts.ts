/**
 * Fonts of the generated PDFs. A TrueType font from the system when one is installed (DejaVu Sans
 * or Liberation Sans on Debian: €, £, ä, ß, é, Greek, Cyrillic), else PDF's built-in Helvetica
 * (WinAnsi only). The repository's Inter is a variable WOFF2 that fontkit cannot embed, and CI may
 * have no fonts at all, so nothing here assumes one. Characters the chosen font has no glyph for
 * (CJK with both) are printed as "?" rather than as empty boxes or mis-encoded bytes.
 */
import { existsSync, readFileSync } from "node:fs";

/** A font for pdfkit: the bytes of a TrueType file, or the name of a PDF standard font. */
export type FontSource = Buffer | "Helvetica" | "Helvetica-Bold";
export type PdfFonts = { regular: FontSource; bold: FontSource };

const SYSTEM_FONTS: { regular: string; bold: string }[] = [
  {
    regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  },
  {
    regular: "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    bold: "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  },
];

/** PDF's standard fonts: always available, WinAnsi characters only. */
export const STANDARD_FONTS: PdfFonts = { regular: "Helvetica", bold: "Helvetica-Bold" };

let chosen: PdfFonts | undefined;

/** The fonts of every document: the first installed system pair, else the standard fonts (read once). */
export function pdfFonts(): PdfFonts {
  if (!chosen) {
    const pair = SYSTEM_FONTS.find((p) => existsSync(p.regular) && existsSync(p.bold));
    chosen = pair
      ? { regular: readFileSync(pair.regular), bold: readFileSync(pair.bold) }
      : STANDARD_FONTS;
  }
  return chosen;
}

// Windows-1252's printable characters beyond Latin-1: what the standard fonts can show besides
// U+0020–U+007E and U+00A0–U+00FF.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function winAnsi(codePoint: number, char: string): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRA.has(char)
  );
}

/** What pdfkit's embedded font (fontkit) answers about its glyphs. */
type GlyphCoverage = { hasGlyphForCodePoint(codePoint: number): boolean };

/**
 * The glyph test of the document's current font: fontkit's own for an embedded font (reached
 * through pdfkit's `_font`, which the typings do not describe), WinAnsi for a standard font.
 */
export function glyphTest(doc: object): (codePoint: number, char: string) => boolean {
  const current = (doc as { _font?: { font?: unknown } })._font?.font;
  if (
    current &&
    typeof current === "object" &&
    typeof (current as Partial<GlyphCoverage>).hasGlyphForCodePoint === "function"
  ) {
    const font = current as GlyphCoverage;
    return (cp) => font.hasGlyphForCodePoint(cp);
  }
  return winAnsi;
}

/** `text` with every character the font cannot draw replaced by "?" (line breaks kept). */
export function printable(text: string, has: (codePoint: number, char: string) => boolean): string {
  let out = "";
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    out += char === "\n" || has(cp, char) ? char : "?";
  }
  return out;
}
