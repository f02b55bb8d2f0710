/**
 * Fonts of the generated PDFs. A TrueType font from the system when one is installed (DejaVu Sans
 * or Liberation Sans on Debian: €, £, ä, ß, é, Greek, Cyrillic), else PDF's built-in Helvetica
 * (WinAnsi only). Neither draws CJK, so a CJK font (Debian's fonts-wqy-microhei, which CI
 * installs) is added as a fallback when present: runs of characters the main font lacks are set
 * in it (typeset.ts). The repository's Inter is a variable WOFF2 that fontkit cannot embed, and a
 * machine may have no fonts at all, so nothing here assumes one. Characters no font has a glyph
 * for are printed as "?" rather than as empty boxes or mis-encoded bytes.
 *
 * Each font file is parsed once per process and the parsed font is shared by every document
 * (pdfkit ≥ 0.18 takes a fontkit font): parsing the files for each document made a zip of 500
 * PDFs churn through well over 100 MB of heap (bench/documents-zip.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { create, type Font } from "fontkit";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augments pdfkit's global typings
  namespace PDFKit.Mixins {
    interface PDFFont {
      // pdfkit 0.20 registers a parsed fontkit font; @types/pdfkit 0.17 does not list it.
      registerFont(name: string, src: Font | PDFFontSource): this;
    }
  }
}

/** A font for pdfkit: a parsed TrueType font, or the name of a PDF standard font. */
export type FontSource = Font | "Helvetica" | "Helvetica-Bold";

/** The fonts of a document; `fallback` draws what the main fonts cannot (CJK), when installed. */
export type PdfFonts = { regular: FontSource; bold: FontSource; fallback?: Font };

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

/**
 * The CJK font CI installs (`.ci/run`): WenQuanYi Micro Hei, Debian's fonts-wqy-microhei (1.6 MB
 * download). Chinese, Japanese kana and Hangul in one regular face; a collection, so fontkit
 * needs the face's PostScript name.
 */
export const CJK_FONT = {
  apt: "fonts-wqy-microhei",
  path: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
  face: "WenQuanYiMicroHei",
} as const;

/** PDF's standard fonts: always available, WinAnsi characters only, no fallback. */
export const STANDARD_FONTS: PdfFonts = { regular: "Helvetica", bold: "Helvetica-Bold" };

/** A font file parsed by fontkit; `face` picks the font inside a collection (.ttc). */
function parseFont(file: string, face?: string): Font {
  const parsed = create(readFileSync(file), face);
  if (!("hasGlyphForCodePoint" in parsed))
    throw new Error(`${file} is a font collection; name the face to use`);
  return parsed;
}

let chosen: PdfFonts | undefined;
let cjk: Font | null | undefined;

/** The CJK font, or undefined on a machine without it (parsed once). */
export function cjkFont(): Font | undefined {
  if (cjk === undefined)
    cjk = existsSync(CJK_FONT.path) ? parseFont(CJK_FONT.path, CJK_FONT.face) : null;
  return cjk ?? undefined;
}

/**
 * The fonts of every document: the first installed system pair (else the standard fonts) with
 * the installed CJK font as fallback (parsed once).
 */
export function pdfFonts(): PdfFonts {
  if (!chosen) {
    const pair = SYSTEM_FONTS.find((p) => existsSync(p.regular) && existsSync(p.bold));
    const main = pair
      ? { regular: parseFont(pair.regular), bold: parseFont(pair.bold) }
      : STANDARD_FONTS;
    const fallback = cjkFont();
    chosen = fallback ? { ...main, fallback } : main;
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

/** A font as pdfkit loaded it: vertical metrics (per 1000 units of the size) and glyph coverage. */
export type FontFace = {
  ascender: number;
  descender: number;
  lineGap: number;
  has: (codePoint: number, char: string) => boolean;
};

// pdfkit's loaded font (`doc._font`), which the typings do not describe: an embedded font
// carries its fontkit font, a standard font an AFM table without glyph lookup.
type LoadedFont = {
  ascender: number;
  descender: number;
  lineGap: number;
  font?: { hasGlyphForCodePoint?: unknown };
};

function isLoadedFont(value: unknown): value is LoadedFont {
  if (!value || typeof value !== "object") return false;
  const f = value as Partial<Record<keyof LoadedFont, unknown>>;
  return (
    typeof f.ascender === "number" &&
    typeof f.descender === "number" &&
    typeof f.lineGap === "number"
  );
}

/**
 * The metrics and glyph test of the document's current font: fontkit's own glyph lookup for an
 * embedded font, WinAnsi for a standard font.
 */
export function currentFace(doc: PDFKit.PDFDocument): FontFace {
  const loaded = (doc as unknown as { _font?: unknown })._font;
  if (!isLoadedFont(loaded)) throw new Error("pdfkit has no current font");
  const fontkit = loaded.font;
  const has =
    fontkit && typeof fontkit.hasGlyphForCodePoint === "function"
      ? (fontkit.hasGlyphForCodePoint.bind(fontkit) as (codePoint: number) => boolean)
      : winAnsi;
  return {
    ascender: loaded.ascender,
    descender: loaded.descender,
    lineGap: loaded.lineGap,
    has,
  };
}
