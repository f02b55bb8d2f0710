/**
 * Text of the sandbox's PDFs, set in runs: each character in the main font when it has a glyph,
 * else in the fallback font (CJK), else "?" in the main font. pdfkit wraps one font per call and
 * its `continued` runs misalign right-aligned text and cannot be measured, so lines are broken
 * here (after spaces and hyphens, and between CJK characters, which have no spaces) and each line
 * is drawn run by run on a common baseline.
 */
import { currentFace, type FontFace, type PdfFonts } from "./fonts";

export type TextStyle = { bold?: boolean; size: number; color: string };

type FontName = "main" | "main-bold" | "fallback";

/** One stretch of text in one font, with its width at the line's size. */
type Run = { text: string; font: FontName; width: number };

/** A set line: its runs, visible width (no trailing spaces), height and ascent in points. */
type Line = { runs: Run[]; width: number; height: number; ascent: number };

// A unit is what a line break may not split: a word with its trailing spaces, or one CJK
// character with the punctuation that must stay beside it.
type Unit = { runs: Run[]; width: number; trailing: number };

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
// Kinsoku: never start a line with closing punctuation or a small kana, never end one with an
// opening bracket.
const NO_BREAK_BEFORE = new Set(
  "、。，．・：；！？）」』】〕〉》｝］ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)]},.;:!?%",
);
const NO_BREAK_AFTER = new Set("（「『【〔〈《｛［([{");
const SPACE = /\s/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** May a line break fall between `before` (preceded by `prior`) and `after`? */
function breakBetween(prior: string, before: string, after: string): boolean {
  if (SPACE.test(after)) return false;
  if (SPACE.test(before)) return true;
  if (NO_BREAK_BEFORE.has(after) || NO_BREAK_AFTER.has(before)) return false;
  if (CJK.test(before) || CJK.test(after)) return true;
  // "north-wing" may break after its hyphen; "-$60.00" and "2029-12" may not.
  if (before === "-") return LETTER_OR_DIGIT.test(prior) && LETTER.test(after);
  return before === "—" || before === "–";
}

/** Lays out and draws text for one document, with the fonts registered on it. */
export class Typesetter {
  readonly #doc: PDFKit.PDFDocument;
  readonly #hasFallback: boolean;
  readonly #faces = new Map<FontName, FontFace>();
  // Per document: the same words and cells come back on every row and page.
  readonly #widths = new Map<string, number>();
  readonly #lines = new Map<string, Line[]>();

  constructor(doc: PDFKit.PDFDocument, fonts: PdfFonts) {
    this.#doc = doc;
    // Registered by name so pdfkit makes each font's subset once per document, not on every switch.
    doc.registerFont("main", fonts.regular);
    doc.registerFont("main-bold", fonts.bold);
    this.#hasFallback = Boolean(fonts.fallback);
    if (fonts.fallback) doc.registerFont("fallback", fonts.fallback);
  }

  #use(font: FontName, size: number): FontFace {
    this.#doc.font(font).fontSize(size);
    let face = this.#faces.get(font);
    if (!face) {
      face = currentFace(this.#doc);
      this.#faces.set(font, face);
    }
    return face;
  }

  // The fallback is only opened once a character needs it, so Latin-only documents never
  // load (or embed) the CJK font.
  #fontFor(main: FontName, codePoint: number, char: string): FontName | null {
    if (this.#face(main).has(codePoint, char)) return main;
    if (this.#hasFallback && this.#face("fallback").has(codePoint, char)) return "fallback";
    return null;
  }

  /** Selects the main font at `size`, for pdfkit's own spacing (`moveDown`). */
  useMain(size: number): void {
    this.#use("main", size);
  }

  #face(font: FontName): FontFace {
    return this.#faces.get(font) ?? this.#use(font, 10);
  }

  #width(text: string, font: FontName, size: number): number {
    const key = `${font}|${size}|${text}`;
    let width = this.#widths.get(key);
    if (width === undefined) {
      this.#use(font, size);
      width = this.#doc.widthOfString(text);
      this.#widths.set(key, width);
    }
    return width;
  }

  /**
   * A paragraph cut where a line may break, each piece in runs of one font ("?" in the main font
   * where no font has a glyph). One pass over the characters, no object per character: a long
   * invoice sets tens of thousands of them.
   */
  #units(paragraph: string, main: FontName, size: number): Unit[] {
    const units: Unit[] = [];
    let runs: Run[] = [];
    let prior = "";
    let before = "";
    for (const original of paragraph) {
      const found = this.#fontFor(main, original.codePointAt(0) ?? 0, original);
      const char = found ? original : "?";
      const font = found ?? main;
      if (before !== "" && breakBetween(prior, before, char)) {
        units.push(this.#unit(runs, size));
        runs = [];
      }
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += char;
      else runs.push({ text: char, font, width: 0 });
      prior = before;
      before = char;
    }
    if (runs.length > 0) units.push(this.#unit(runs, size));
    return units;
  }

  /** A unit of its runs, measured. */
  #unit(runs: Run[], size: number): Unit {
    let width = 0;
    for (const run of runs) {
      run.width = this.#width(run.text, run.font, size);
      width += run.width;
    }
    const lastRun = runs[runs.length - 1];
    const spaces = lastRun ? (/\s+$/u.exec(lastRun.text)?.[0] ?? "") : "";
    const trailing = spaces && lastRun ? this.#width(spaces, lastRun.font, size) : 0;
    return { runs, width, trailing };
  }

  /** The lines `text` takes in `width` points; "" takes none, "\n" starts a new line. */
  lines(text: string, style: TextStyle, width: number): Line[] {
    if (text === "") return [];
    // A table measures each cell's height before drawing it: the second asks the same.
    const key = `${style.bold ? "b" : ""}|${style.size}|${width}|${text}`;
    const known = this.#lines.get(key);
    if (known) return known;
    const main: FontName = style.bold ? "main-bold" : "main";
    const lines: Line[] = [];
    for (const paragraph of text.split("\n")) {
      let current: Unit[] = [];
      let used = 0;
      const flush = () => {
        lines.push(this.#line(current, style.size, main));
        current = [];
        used = 0;
      };
      const place = (unit: Unit) => {
        if (current.length > 0 && used + unit.width - unit.trailing > width) flush();
        current.push(unit);
        used += unit.width;
      };
      for (const unit of this.#units(paragraph, main, style.size)) {
        if (unit.width - unit.trailing <= width) {
          place(unit);
          continue;
        }
        // Wider than the column on its own (a long id or e-mail address): break anywhere.
        for (const run of unit.runs) {
          for (const char of run.text) {
            place(this.#unit([{ text: char, font: run.font, width: 0 }], style.size));
          }
        }
      }
      flush();
    }
    this.#lines.set(key, lines);
    return lines;
  }

  #line(units: Unit[], size: number, main: FontName): Line {
    const runs: Run[] = [];
    for (const run of units.flatMap((u) => u.runs)) {
      const last = runs[runs.length - 1];
      if (last && last.font === run.font) last.text += run.text;
      else runs.push({ ...run });
    }
    for (const run of runs) run.width = this.#width(run.text, run.font, size);
    const lastUnit = units[units.length - 1];
    const width = runs.reduce((sum, r) => sum + r.width, 0) - (lastUnit?.trailing ?? 0);
    // The main font's metrics even on an empty line, so Latin text keeps pdfkit's line spacing.
    const faces = [main, ...runs.map((r) => r.font)].map((f) => this.#face(f));
    const ascent = Math.max(...faces.map((f) => f.ascender)) / 1000;
    const descent = Math.max(...faces.map((f) => -f.descender)) / 1000;
    const gap = Math.max(...faces.map((f) => f.lineGap)) / 1000;
    return { runs, width, ascent: ascent * size, height: (ascent + descent + gap) * size };
  }

  /** The height of `text` set in `width` points. */
  height(text: string, style: TextStyle, width: number): number {
    return this.lines(text, style, width).reduce((sum, l) => sum + l.height, 0);
  }

  /**
   * Draws `text` from (x, y) in a column `width` points wide and answers the y below it. With
   * `newPageBelow`, a line that would cross that y starts a new page instead.
   */
  draw(
    text: string,
    style: TextStyle,
    at: { x: number; y: number; width: number; align?: "left" | "right"; newPageBelow?: number },
  ): number {
    const doc = this.#doc;
    let y = at.y;
    for (const line of this.lines(text, style, at.width)) {
      if (at.newPageBelow !== undefined && y > doc.page.margins.top) {
        if (y + line.height > at.newPageBelow) {
          doc.addPage();
          y = doc.page.margins.top;
        }
      }
      let x = at.align === "right" ? at.x + at.width - line.width : at.x;
      for (const run of line.runs) {
        this.#use(run.font, style.size);
        doc.fillColor(style.color);
        // The CJK font has no bold face: a bold run is drawn filled and outlined in its colour.
        const fakeBold = style.bold === true && run.font === "fallback";
        if (fakeBold)
          doc
            .save()
            .lineWidth(style.size * 0.04)
            .strokeColor(style.color);
        doc.text(run.text, x, y + line.ascent, {
          lineBreak: false,
          baseline: "alphabetic",
          fill: true,
          stroke: fakeBold,
        });
        if (fakeBold) doc.restore();
        x += run.width;
      }
      y += line.height;
    }
    doc.x = at.x;
    doc.y = y;
    return y;
  }
}
