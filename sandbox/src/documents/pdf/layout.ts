/**
 * The page frame the sandbox's PDFs share: a heading with the company, label/value blocks and
 * tables that break across pages (repeating their header row). Every string is set by the
 * typesetter (typeset.ts): main font, CJK fallback, "?" where no font has a glyph, so no text can
 * break or garble a document.
 */
import PDFDocument from "pdfkit";
import { pdfFonts, type PdfFonts } from "./fonts";
import { Typesetter, type TextStyle as SetStyle } from "./typeset";

export type TableColumn = { header: string; width: number; align?: "left" | "right" };

const MARGIN = 50;
const SMALL = 9;
const BODY = 10;
const GREY = "#52525b";
const RULE = "#d4d4d8";

type TextStyle = { bold?: boolean; size?: number; color?: string };

/** One document being drawn. `doc` is a Node Readable: pipe or stream it, then call `end()`. */
export class DocumentPen {
  readonly doc: PDFKit.PDFDocument;
  readonly #type: Typesetter;

  constructor(title: string, author: string, fonts: PdfFonts = pdfFonts()) {
    this.doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      info: { Title: title, Author: author, Creator: "Billing API sandbox" },
    });
    this.#type = new Typesetter(this.doc, fonts);
  }

  get #width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  get #bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  #set({ bold = false, size = BODY, color = "#18181b" }: TextStyle): SetStyle {
    return { bold, size, color };
  }

  /** A paragraph at the cursor, full width unless told; long ones continue on the next page. */
  text(value: string, style: TextStyle & { width?: number; align?: "left" | "right" } = {}): this {
    this.#type.draw(value, this.#set(style), {
      x: MARGIN,
      y: this.doc.y,
      width: style.width ?? this.#width,
      align: style.align,
      newPageBelow: this.#bottom,
    });
    return this;
  }

  /** Vertical space, in lines of body text. */
  gap(lines = 1): this {
    this.#type.useMain(BODY);
    this.doc.moveDown(lines);
    return this;
  }

  /** The document's heading: company name, title and a line below. */
  heading(company: string, title: string, subtitle: string): this {
    this.text(company, { bold: true, size: 16 });
    this.text(title, { size: 13 });
    this.text(subtitle, { size: SMALL, color: GREY });
    this.#rule();
    return this.gap(0.5);
  }

  #rule(): void {
    const y = this.doc.y + 4;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.#width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 4;
  }

  /** Label/value lines, labels in a column of their own. */
  fields(pairs: [string, string][], labelWidth = 150): this {
    const labelStyle = this.#set({ color: GREY });
    const valueStyle = this.#set({ bold: true });
    const valueWidth = this.#width - labelWidth;
    for (const [label, value] of pairs) {
      this.#ensure(
        Math.max(
          BODY * 1.6,
          this.#type.height(label, labelStyle, labelWidth - 8),
          this.#type.height(value, valueStyle, valueWidth),
        ),
      );
      const y = this.doc.y;
      const afterLabel = this.#type.draw(label, labelStyle, {
        x: MARGIN,
        y,
        width: labelWidth - 8,
      });
      const afterValue = this.#type.draw(value, valueStyle, {
        x: MARGIN + labelWidth,
        y,
        width: valueWidth,
      });
      this.doc.y = Math.max(afterLabel, afterValue) + 2;
    }
    return this;
  }

  /** A section title. */
  section(title: string): this {
    this.#ensure(BODY * 5);
    this.gap(0.6);
    this.text(title, { bold: true, size: 11 });
    return this.gap(0.2);
  }

  #ensure(height: number): boolean {
    if (this.doc.y + height <= this.#bottom) return false;
    this.doc.addPage();
    return true;
  }

  #rowHeight(columns: TableColumn[], cells: string[], style: TextStyle): number {
    const set = this.#set(style);
    return Math.max(
      ...cells.map((t, i) => this.#type.height(t, set, (columns[i]?.width ?? 0) - 6)),
    );
  }

  #row(columns: TableColumn[], cells: string[], style: TextStyle): void {
    const set = this.#set(style);
    const y = this.doc.y;
    let bottom = y;
    let x = MARGIN;
    cells.forEach((t, i) => {
      const column = columns[i];
      if (!column) return;
      const below = this.#type.draw(t, set, {
        x,
        y,
        width: column.width - 6,
        align: column.align,
      });
      bottom = Math.max(bottom, below);
      x += column.width;
    });
    this.doc.x = MARGIN;
    this.doc.y = bottom + 3;
  }

  /** A table; widths are points and should add up to the text width (512 on Letter). */
  table(columns: TableColumn[], rows: string[][], empty = "None."): this {
    const header = () => {
      this.#row(
        columns,
        columns.map((c) => c.header),
        { bold: true, size: SMALL, color: GREY },
      );
      this.#rule();
    };
    this.#ensure(BODY * 4);
    header();
    if (rows.length === 0) return this.text(empty, { color: GREY });
    for (const cells of rows) {
      const height = this.#rowHeight(columns, cells, {});
      if (this.#ensure(height + 3)) header();
      this.#row(columns, cells, {});
    }
    return this;
  }

  /** Right-aligned label/value lines under a table (totals). */
  totals(pairs: [string, string, boolean?][]): this {
    for (const [label, value, strong] of pairs) {
      this.#ensure(BODY * 1.8);
      const y = this.doc.y;
      this.#type.draw(label, this.#set({ bold: strong, color: strong ? "#18181b" : GREY }), {
        x: MARGIN,
        y,
        width: this.#width - 130,
        align: "right",
      });
      const below = this.#type.draw(value, this.#set({ bold: strong }), {
        x: MARGIN + this.#width - 120,
        y,
        width: 120,
        align: "right",
      });
      this.doc.y = Math.max(below, y + BODY * 1.4);
    }
    return this;
  }

  /** Closes the document: the stream ends once the last bytes are read. */
  end(note: string): PDFKit.PDFDocument {
    this.gap(1.5);
    this.text(note, { size: SMALL - 1, color: GREY });
    this.doc.end();
    return this.doc;
  }
}
