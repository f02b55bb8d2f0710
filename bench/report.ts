// One shape for every figure the bench records, its budget check, the table and latest.json.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { format, resolveConfig } from "prettier";

export type Status = "ok" | "not_available" | "failed";

export type Budget = {
  /** Which number of the figure is checked: its p50 or its single value. */
  metric: "p50" | "value";
  op: "<=" | ">=";
  limit: number;
};

export type Figure = {
  group:
    "direct" | "direct-postgres" | "bff" | "dashboard" | "export" | "first-load-js" | "lighthouse";
  name: string;
  /**
   * The figure's flat key in latest.json (issue 11 §1: `firstLoadJs.login.ratio`,
   * `lighthouse.login.lcpMs`, `bff.throughputRatio`…): its value (or p50) as a top-level number.
   */
  key?: string;
  status: Status;
  /** Latency figures, in milliseconds. */
  p50?: number;
  p95?: number;
  /** A single figure (seconds, MB, bytes, a ratio, a Lighthouse score 0–100, a CLS…) in `unit`. */
  value?: number;
  unit: string;
  /**
   * CPU time per call (ms) of the server the figure is about (the sandbox for direct calls, the
   * portal for the BFF and the dashboard), from /proc: its own cost, whatever else loads the machine.
   */
  cpuMs?: number;
  budget?: Budget;
  /** Set only when the figure was measured and has a budget. */
  pass?: boolean;
  note?: string;
  /** Supporting numbers: samples, matched rows, both sides of a comparison… */
  details?: Record<string, number | string | boolean | null>;
};

/** A measured figure, its pass/fail decided against its budget. */
export function measured(figure: Omit<Figure, "status" | "pass">): Figure {
  const out: Figure = { ...figure, status: "ok" };
  const b = figure.budget;
  if (b) {
    const actual = b.metric === "p50" ? figure.p50 : figure.value;
    if (actual !== undefined && Number.isFinite(actual))
      out.pass = b.op === "<=" ? actual <= b.limit : actual >= b.limit;
  }
  return out;
}

/** A figure that could not be measured: its endpoint is missing (404) or the call failed. */
export function unmeasured(
  figure: Omit<Figure, "status" | "pass" | "note">,
  status: Exclude<Status, "ok">,
  note: string,
): Figure {
  return { ...figure, status, note };
}

export type Results = {
  /**
   * Flat keys (`"firstLoadJs.login.ratio": 2.01`…): every measured figure that has a `key`. A
   * figure that could not be measured has no key here.
   */
  [flatKey: `${string}.${string}`]: number;
  date: string;
  rows: number;
  /** The sandbox's database for every figure but the group "direct-postgres" (PostgreSQL). */
  database: "pglite";
  machine: {
    cores: number;
    cpu: string;
    memoryMB: number;
    node: string;
    platform: string;
    /** 1-minute load average when the run started and ended: others share this machine. */
    loadAverageStart: number;
    loadAverageEnd: number;
  };
  settings: Record<string, number | string | boolean>;
  seed: { dataDir: string; reused: boolean; seconds: number };
  figures: Figure[];
};

/** The machine, with the load average at the start of the run (`loadAverageStart`). */
export function machine(loadAverageStart: number): Results["machine"] {
  return {
    loadAverageStart,
    loadAverageEnd: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memoryMB: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || !Number.isFinite(n) ? "" : n.toFixed(digits);

function budgetText(f: Figure): string {
  const b = f.budget;
  if (!b) return "";
  const what = b.metric === "p50" ? "p50" : "";
  const unit = ["ratio", "score", "CLS"].includes(f.unit) ? "" : ` ${f.unit}`;
  return `${what} ${b.op === "<=" ? "≤" : "≥"} ${b.limit}${unit}`.trim();
}

function verdict(f: Figure): string {
  if (f.status !== "ok") return f.status === "not_available" ? "not available" : "FAILED";
  if (f.pass === undefined) return "";
  return f.pass ? "pass" : "FAIL";
}

function valueText(f: Figure): string {
  if (f.value === undefined) return "";
  if (f.unit === "score") return `${fmt(f.value, 0)}/100`;
  if (f.unit === "CLS") return fmt(f.value, 3);
  if (f.unit === "ratio") return `${fmt(f.value, 3)} ×`;
  return `${fmt(f.value, f.unit === "bytes" ? 0 : 1)} ${f.unit}`;
}

/** The flat keys of latest.json: each measured figure's `key` → its value (or p50). */
export function flatKeys(figures: readonly Figure[]): Record<`${string}.${string}`, number> {
  const out: Record<`${string}.${string}`, number> = {};
  for (const f of figures) {
    if (!f.key || f.status !== "ok") continue;
    const v = f.value ?? f.p50;
    if (v !== undefined && Number.isFinite(v)) out[f.key as `${string}.${string}`] = v;
  }
  return out;
}

/** Rows of the results table (figure, p50, p95, CPU per call, value, budget, verdict). */
export function tableRows(figures: readonly Figure[]): string[][] {
  return figures.map((f) => [
    `${f.group}: ${f.name}`,
    fmt(f.p50),
    fmt(f.p95),
    fmt(f.cpuMs),
    valueText(f),
    budgetText(f),
    verdict(f),
  ]);
}

const HEADER = ["figure", "p50 ms", "p95 ms", "CPU ms/call", "value", "budget", "verdict"];

/** The table for the terminal, columns padded. */
export function printTable(figures: readonly Figure[]): void {
  const rows = [HEADER, ...tableRows(figures)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  for (const [n, row] of rows.entries()) {
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  for (const f of figures) if (f.note) console.log(`  note (${f.group}: ${f.name}): ${f.note}`);
}

/** The same table in Markdown (for bench/README.md "Latest figures"). */
export function markdownTable(figures: readonly Figure[]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(HEADER), line(HEADER.map(() => "---")), ...tableRows(figures).map(line)].join("\n");
}

/** Writes bench/results/latest.json (and the Markdown table beside it). */
export async function writeResults(dir: string, results: Results): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, "latest.json");
  const md = path.join(dir, "latest.md");
  // Written as the repository's Prettier would, so `npm run check` stays clean after a run.
  const pretty = async (target: string, text: string, parser: "json" | "markdown") =>
    format(text, { ...(await resolveConfig(target)), parser, filepath: target });
  await writeFile(file, await pretty(file, JSON.stringify(results, null, 2), "json"));
  await writeFile(md, await pretty(md, markdownTable(results.figures), "markdown"));
  return file;
}
