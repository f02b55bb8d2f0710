/**
 * Reads an XLSX back without exceljs, so a test does not check exceljs's output with exceljs's own
 * reading of it: a small zip reader (central directory, stored or deflated entries, node:zlib) and
 * the SpreadsheetML parts a test asserts on, read from their XML as Excel reads them: each sheet's
 * cells (value, type and number format through styles.xml), its pane and its autofilter. Enough
 * for the files exceljs writes (no ZIP64, no shared strings needed, though read when present).
 */
import { inflateRawSync } from "node:zlib";

/** The entries of a zip archive by name, inflated. */
export function unzip(bytes: Buffer): Map<string, Buffer> {
  const END = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const LOCAL = 0x04034b50;
  let end = -1;
  // The end record is the last 22 bytes plus a comment of at most 65,535 bytes.
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("not a zip file: no end of central directory");
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (bytes.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central directory entry ${n}`);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.toString("utf8", at + 46, at + 46 + nameLength).replace(/^\//, "");
    at += 46 + nameLength + extraLength + commentLength;

    if (bytes.readUInt32LE(local) !== LOCAL) throw new Error(`bad local header of ${name}`);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`${name}: compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, expected ${size}`);
    entries.set(name, data);
  }
  return entries;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) {
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    }
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The attributes of an element's start tag (`name="value"` pairs, prefixes kept). */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
    out[m[1] as string] = decodeXml(m[2] as string);
  }
  return out;
}

/** Every element `name` with its attributes and inner XML ("" when self-closed). */
function elements(xml: string, name: string): { attrs: Record<string, string>; inner: string }[] {
  const re = new RegExp(`<${name}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${name}>)`, "g");
  return [...xml.matchAll(re)].map((m) => ({ attrs: attributes(m[1] ?? ""), inner: m[2] ?? "" }));
}

/** The text of the `<t>` runs inside an element (inline or shared strings). */
function runsText(inner: string): string {
  return elements(inner, "t")
    .map((t) => decodeXml(t.inner))
    .join("");
}

/** Excel's built-in number formats a file may refer to by id without declaring them. */
const BUILTIN_FORMATS: Record<number, string> = {
  0: "General",
  1: "0",
  2: "0.00",
  3: "#,##0",
  4: "#,##0.00",
  9: "0%",
  10: "0.00%",
  14: "mm-dd-yy",
  15: "d-mmm-yy",
  16: "d-mmm",
  17: "mmm-yy",
  18: "h:mm AM/PM",
  19: "h:mm:ss AM/PM",
  20: "h:mm",
  21: "h:mm:ss",
  22: "m/d/yy h:mm",
  49: "@",
};

/** Whether a number format shows a number as a date or time (its codes outside quotes and brackets). */
export function isDateFormat(format: string): boolean {
  const codes = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
  return /[ymdhs]/i.test(codes) && !/^General$/i.test(codes);
}

/** A cell as Excel reads it. */
export type XlsxCell = {
  /** The `t` attribute: n (number, the default), str/inlineStr/s (text), b, e. */
  type: string;
  /** Text cells: the text; numbers: the number; empty cells: null. */
  value: string | number | boolean | null;
  /** Its number format code (General when it has none). */
  format: string;
};

export type XlsxSheet = {
  name: string;
  /** Cells by A1 address. */
  cells: Map<string, XlsxCell>;
  /** Rows in order, each as its cells from column A (gaps are null). */
  rows: (XlsxCell | null)[][];
  /** The first sheet view's pane (frozen rows), or null. */
  pane: Record<string, string> | null;
  /** The autofilter's range (`A1:K121`), or null. */
  autoFilter: string | null;
};

/** "AB12" as its column number (1-based) and row number. */
export function splitAddress(address: string): { column: number; row: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(address);
  if (!m) throw new Error(`not an A1 address: ${address}`);
  let column = 0;
  for (const ch of m[1] as string) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { column, row: Number(m[2]) };
}

/** Excel's serial date (1900 system) as the wall-clock date and time it shows, in UTC fields. */
export function serialToWallClock(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

function text(entries: Map<string, Buffer>, name: string): string {
  const entry = entries.get(name);
  if (!entry) throw new Error(`the file has no ${name}`);
  return entry.toString("utf8");
}

/** The sheets of an XLSX file, in the workbook's order. */
export function readXlsx(bytes: Buffer): XlsxSheet[] {
  const entries = unzip(bytes);
  const stylesXml = entries.has("xl/styles.xml") ? text(entries, "xl/styles.xml") : "";
  const declared = new Map(
    elements(stylesXml, "numFmt").map((f) => [Number(f.attrs.numFmtId), f.attrs.formatCode ?? ""]),
  );
  const cellXfs = elements(stylesXml, "cellXfs")[0]?.inner ?? "";
  const xfFormats = elements(cellXfs, "xf").map((xf) => {
    const id = Number(xf.attrs.numFmtId ?? 0);
    return declared.get(id) ?? BUILTIN_FORMATS[id] ?? `builtin #${id}`;
  });
  const shared = entries.has("xl/sharedStrings.xml")
    ? elements(text(entries, "xl/sharedStrings.xml"), "si").map((si) => runsText(si.inner))
    : [];

  const targets = new Map(
    elements(text(entries, "xl/_rels/workbook.xml.rels"), "Relationship").map((r) => [
      r.attrs.Id,
      (r.attrs.Target ?? "").replace(/^\/?(xl\/)?/, "xl/"),
    ]),
  );
  return elements(text(entries, "xl/workbook.xml"), "sheet").map(({ attrs }) => {
    const target = targets.get(attrs["r:id"]);
    if (!target) throw new Error(`sheet ${attrs.name} has no part`);
    const xml = text(entries, target);
    const cells = new Map<string, XlsxCell>();
    const rows: (XlsxCell | null)[][] = [];
    for (const c of elements(xml, "c")) {
      const address = c.attrs.r;
      if (!address) throw new Error("a cell without an address");
      const type = c.attrs.t ?? "n";
      const v = elements(c.inner, "v")[0];
      let value: XlsxCell["value"] = null;
      if (type === "inlineStr") value = runsText(elements(c.inner, "is")[0]?.inner ?? "");
      else if (v === undefined) value = null;
      else if (type === "s") value = shared[Number(v.inner)] ?? null;
      else if (type === "str" || type === "e") value = decodeXml(v.inner);
      else if (type === "b") value = v.inner === "1";
      else value = Number(v.inner);
      const cell = { type, value, format: xfFormats[Number(c.attrs.s ?? 0)] ?? "General" };
      cells.set(address, cell);
      const { column, row } = splitAddress(address);
      const line = (rows[row - 1] ??= []);
      while (line.length < column - 1) line.push(null);
      line[column - 1] = cell;
    }
    const sheetView = elements(xml, "sheetView")[0];
    const pane = sheetView ? (elements(sheetView.inner, "pane")[0]?.attrs ?? null) : null;
    const autoFilter = elements(xml, "autoFilter")[0]?.attrs.ref ?? null;
    return {
      name: attrs.name ?? "",
      cells,
      rows: Array.from(rows, (r) => r ?? []),
      pane,
      autoFilter,
    };
  });
}
