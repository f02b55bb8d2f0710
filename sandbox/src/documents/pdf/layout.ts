/**
 * The page frame the sandbox's PDFs share: a heading with the company, label/value blocks and
 * tables that break across pages (repeating their header row). Every string goes through the
 * font's glyph test first (fonts.ts), so no text can break or garble a document.
 */
import PDFDocument from "pdfkit";
import { glyphTest, pdfFonts, printable, type PdfFonts } from "./fonts";

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
  readonly #fonts: PdfFonts;

  constructor(title: string, author: string, fonts: PdfFonts = pdfFonts()) {
    this.#fonts = fonts;
    this.doc = new PDFDocument({
      size: "LETTER",
      margin: MARGIN,
      info: { Title: title, Author: author, Creator: "Billing API sandbox" },
    });
  }

  get #width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  get #bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  #style({ bold = false, size = BODY, color = "#18181b" }: TextStyle): void {
    this.doc
      .font(bold ? this.#fonts.bold : this.#fonts.regular)
      .fontSize(size)
      .fillColor(color);
  }

  #safe(text: string): string {
    return printable(text, glyphTest(this.doc));
  }

  /** A paragraph at the cursor, full width unless told. */
  text(value: string, style: TextStyle & { width?: number; align?: "left" | "right" } = {}): this {
    this.#style(style);
    this.doc.text(this.#safe(value), MARGIN, this.doc.y, {
      width: style.width ?? this.#width,
      align: style.align ?? "left",
    });
    return this;
  }

  /** Vertical space, in lines of body text. */
  gap(lines = 1): this {
    this.#style({});
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
    for (const [label, value] of pairs) {
      this.#ensure(BODY * 1.6);
      const y = this.doc.y;
      this.#style({ color: GREY });
      this.doc.text(this.#safe(label), MARGIN, y, { width: labelWidth - 8 });
      const afterLabel = this.doc.y;
      this.#style({ bold: true });
      this.doc.text(this.#safe(value), MARGIN + labelWidth, y, {
        width: this.#width - labelWidth,
      });
      this.doc.y = Math.max(afterLabel, this.doc.y) + 2;
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

  #row(columns: TableColumn[], cells: string[], style: TextStyle): void {
    this.#style(style);
    const texts = cells.map((c) => this.#safe(c));
    const height = Math.max(
      ...texts.map((t, i) => this.doc.heightOfString(t, { width: (columns[i]?.width ?? 0) - 6 })),
    );
    const y = this.doc.y;
    let x = MARGIN;
    texts.forEach((t, i) => {
      const column = columns[i];
      if (!column) return;
      this.doc.text(t, x, y, { width: column.width - 6, align: column.align ?? "left" });
      x += column.width;
    });
    this.doc.y = y + height + 3;
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
      this.#style({});
      const height = Math.max(
        ...cells.map((t, i) =>
          this.doc.heightOfString(this.#safe(t), { width: (columns[i]?.width ?? 0) - 6 }),
        ),
      );
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
      this.#style({ bold: strong ?? false, color: strong ? "#18181b" : GREY });
      this.doc.text(this.#safe(label), MARGIN, y, { width: this.#width - 130, align: "right" });
      this.#style({ bold: strong ?? false });
      this.doc.text(this.#safe(value), MARGIN + this.#width - 120, y, {
        width: 120,
        align: "right",
      });
      this.doc.y = Math.max(this.doc.y, y + BODY * 1.4);
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
