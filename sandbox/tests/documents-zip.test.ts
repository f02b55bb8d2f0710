/**
 * POST /v1/documents/zip_url and the zip its signed link streams (docs/CONTRACT.md §5 "Documents
 * in bulk"): the refusals (401, 422, 400 too_many_documents, 404 naming another customer's id),
 * the file name, the entries read back with a reader of our own (not the writer's library), each
 * entry the very PDF its single link serves, the signature rules, and that the zip is built as it
 * is sent: documents taken away after the first byte has arrived are missing from the zip.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementPdfUrl } from "../src/documents/links";
import { linkSigningKey } from "../src/account/signed-links";
import { download } from "./support/documents";
import { startHarness, type Harness } from "./support/harness";
import { ADA, insertRows, MULTI, TODAY } from "./support/lists-fixtures";
import { readZip } from "./support/zip-reader";

type ZipLink = { zip_url: string; file_name: string; count: number };

let h: Harness;
let ada: string;
let invoices: string[];
let statement: string;
let foreignInvoice: string;

// Reading only, but for the rows the streaming test adds and moves away: one reset for the file.
beforeAll(async () => {
  h = await startHarness("documents_zip");
  await h.reset();
  ada = (await h.login("ada@acme.test")).accessToken;
  const ids = (sql: string, params: unknown[]) =>
    h.sandbox.db.query<{ id: string }>(sql, params).then((rows) => rows.map((r) => r.id));
  invoices = await ids(
    'SELECT id FROM invoices WHERE customer_id = $1 ORDER BY id COLLATE "C" LIMIT 2',
    [ADA.customerId],
  );
  [statement] = (await ids(
    'SELECT id FROM statements WHERE customer_id = $1 ORDER BY id COLLATE "C" LIMIT 1',
    [ADA.customerId],
  )) as [string];
  [foreignInvoice] = (await ids(
    'SELECT id FROM invoices WHERE customer_id = $1 ORDER BY id COLLATE "C" LIMIT 1',
    [MULTI.customerId],
  )) as [string];
  expect(invoices).toHaveLength(2);
  expect(statement).toBeTruthy();
  expect(foreignInvoice).toBeTruthy();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const zipUrl = (body: unknown, token = ada) =>
  h.api<ZipLink>("POST", "/v1/documents/zip_url", { body, token });

async function link(body: unknown): Promise<ZipLink> {
  const res = await zipUrl(body);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/**
 * A PDF with its creation date and the file ID derived from it blanked (pdfkit stamps the wall
 * clock): everything else must match byte for byte.
 */
const sansCreationDate = (pdf: Buffer) =>
  Buffer.from(
    pdf
      .toString("latin1")
      .replace(/\(D:\d{14}Z\)/g, "(D:)")
      .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, "/ID []"),
    "latin1",
  );

describe("POST /v1/documents/zip_url", () => {
  it("answers a signed link on the sandbox's own origin, the company's file name and the count", async () => {
    const data = await link({ invoice_ids: invoices, statement_ids: [statement] });
    const url = new URL(data.zip_url);
    expect(url.origin).toBe(h.url);
    expect(url.pathname).toMatch(/^\/files\/zips\/dz_[\w-]{24}\.zip$/);
    expect(Number(url.searchParams.get("expires"))).toBe(Math.floor(h.now() / 1000) + 3600);
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);
    // "Acme Water", on the harness clock's Eastern day.
    expect(data.file_name).toBe(`acme-water-documents-${TODAY}.zip`);
    expect(data.count).toBe(3);
  });

  it("answers 401 without a bearer", async () => {
    const res = await h.api("POST", "/v1/documents/zip_url", { body: { invoice_ids: invoices } });
    expect(res.status).toBe(401);
  });

  it("answers 404 where the company's API offers no zips, as its portal configuration says", async () => {
    const offered = async () =>
      (await h.api<{ documents?: unknown }>("GET", "/v1/portalConfiguration?host=localhost")).body
        .data.documents;
    expect(await offered()).toEqual({ zips: true, exportDownloads: true });
    await h.sandbox.db.query("UPDATE companies SET document_zips = false WHERE id = 'acme'");
    try {
      const res = await zipUrl({ invoice_ids: invoices });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe("not_found");
      expect(await offered()).toEqual({ zips: false, exportDownloads: true });
    } finally {
      await h.sandbox.db.query("UPDATE companies SET document_zips = true WHERE id = 'acme'");
    }
    expect((await zipUrl({ invoice_ids: invoices })).status).toBe(200);
  });

  it("answers 422 to an empty body, an empty object and empty lists", async () => {
    const empty = await h.request<{ errorCode?: string }>("POST", "/v1/documents/zip_url", {
      token: ada,
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errorCode).toBe("validation");
    for (const body of [{}, { invoice_ids: [], statement_ids: [] }, { invoice_ids: [""] }]) {
      const res = await zipUrl(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errorCode).toBe("validation");
    }
  });

  it("answers 400 too_many_documents past 500 in total, whether they exist or not", async () => {
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    for (const body of [
      { invoice_ids: many(501, "INV-X") },
      { invoice_ids: many(300, "INV-X"), statement_ids: many(201, "ST-X") },
    ]) {
      const res = await zipUrl(body);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe("too_many_documents");
    }
    // 500 is allowed: these do not exist, so the answer is the 404 of the first one.
    const res = await zipUrl({ invoice_ids: many(500, "INV-X") });
    expect(res.status).toBe(404);
    expect(res.body.error).toContain("INV-X0");
  });

  it("answers 404 naming another customer's invoice or an unknown statement, and keeps nothing", async () => {
    const before = await zipRows();
    const foreign = await zipUrl({ invoice_ids: [...invoices, foreignInvoice] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("not_found");
    expect(foreign.body.error).toContain(foreignInvoice);
    const unknown = await zipUrl({ invoice_ids: invoices, statement_ids: ["ST-NOPE"] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain("ST-NOPE");
    expect(await zipRows()).toBe(before);
  });

  it("keeps the set server-side, in order, and prunes sets older than a day", async () => {
    const day = 24 * 3600_000;
    await h.sandbox.db.query(
      `INSERT INTO document_zips (id, customer_id, invoice_ids, statement_ids, file_name, created_at)
       VALUES ('dz_old', $1, '[]', '[]', 'old.zip', $2), ('dz_recent', $1, '[]', '[]', 'recent.zip', $3)`,
      [ADA.customerId, new Date(h.now() - day - 1000), new Date(h.now() - day + 60_000)],
    );
    const data = await link({
      invoice_ids: [invoices[1], invoices[0]],
      statement_ids: [statement],
    });
    const id = /\/files\/zips\/(.+)\.zip$/.exec(new URL(data.zip_url).pathname)?.[1];
    const rows = await h.sandbox.db.query<{ id: string; invoice_ids: string[] }>(
      "SELECT id, invoice_ids FROM document_zips WHERE id IN ('dz_old', 'dz_recent', $1)",
      [id],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([id, "dz_recent"].sort());
    expect(rows.find((r) => r.id === id)?.invoice_ids).toEqual([invoices[1], invoices[0]]);
  });
});

async function zipRows(): Promise<number> {
  const [row] = await h.sandbox.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM document_zips",
  );
  return row?.n ?? -1;
}

describe("GET /files/zips/<id>.zip", () => {
  it("streams a zip holding exactly the documents, by id, stored, each the PDF of its own link", async () => {
    const data = await link({ invoice_ids: invoices, statement_ids: [statement] });
    const file = await download(data.zip_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="${data.file_name}"; filename*=UTF-8''${data.file_name}`,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("referrer-policy")).toBe("no-referrer");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("x-document-count")).toBe("3");
    // Built as it is sent: its length is not known up front.
    expect(file.headers.get("content-length")).toBeNull();

    const entries = readZip(file.bytes);
    expect(entries.map((e) => e.name)).toEqual([
      `invoices/${invoices[0]}.pdf`,
      `invoices/${invoices[1]}.pdf`,
      `statements/${statement}.pdf`,
    ]);
    for (const entry of entries) {
      expect(entry.method, entry.name).toBe(0);
      expect(entry.data.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }

    const single = async (entryName: string) => {
      const [folder, name] = entryName.split("/") as [string, string];
      const id = name.replace(/\.pdf$/, "");
      if (folder === "statements")
        return statementPdfUrl(
          { origin: h.url, key: linkSigningKey(h.config.punchoutKey), now: h.now() },
          id,
        );
      const res = await h.api<{ pdf_url: string }>(
        "GET",
        `/v1/invoices/getPdfUrl?invoice_id=${encodeURIComponent(id)}`,
        { token: ada },
      );
      return res.body.data.pdf_url;
    };
    for (const entry of entries) {
      const pdf = await download(await single(entry.name));
      expect(pdf.status).toBe(200);
      expect(entry.data.length, entry.name).toBe(pdf.bytes.length);
      expect(sansCreationDate(entry.data).equals(sansCreationDate(pdf.bytes)), entry.name).toBe(
        true,
      );
    }
  });

  it.skipIf(!existsSync("/usr/bin/unzip"))("is read by Info-ZIP's unzip too", async () => {
    const data = await link({ invoice_ids: invoices, statement_ids: [statement] });
    const file = await download(data.zip_url);
    const dir = await mkdtemp(path.join(tmpdir(), "documents-zip-"));
    try {
      const zipFile = path.join(dir, data.file_name);
      await writeFile(zipFile, file.bytes);
      const run = promisify(execFile);
      const tested = await run("unzip", ["-t", zipFile]);
      expect(tested.stdout).toContain("No errors detected");
      const listed = await run("unzip", ["-Z1", zipFile]);
      expect(listed.stdout.trim().split("\n")).toEqual([
        `invoices/${invoices[0]}.pdf`,
        `invoices/${invoices[1]}.pdf`,
        `statements/${statement}.pdf`,
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers 403 to a missing, altered, moved or expired signature", async () => {
    const data = await link({ invoice_ids: invoices });
    const url = new URL(data.zip_url);
    const unsigned = new URL(url.pathname, url.origin).toString();
    expect((await download(unsigned)).status).toBe(403);
    const altered = new URL(url);
    const signature = altered.searchParams.get("signature") ?? "";
    altered.searchParams.set(
      "signature",
      `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
    );
    const bad = await download(altered.toString());
    expect(bad.status).toBe(403);
    expect(bad.headers.get("content-type")).toMatch(/^text\/html/);
    const moved = new URL(url);
    moved.pathname = url.pathname.replace(/\.zip$/, "x.zip");
    expect((await download(moved.toString())).status).toBe(403);
    h.advance(3601_000);
    try {
      const expired = await download(data.zip_url);
      expect(expired.status).toBe(403);
      expect(expired.text).toContain("This link has expired");
    } finally {
      h.advance(-3601_000);
    }
  });

  it("answers 404 to a valid link whose set is gone", async () => {
    const data = await link({ invoice_ids: invoices });
    const id = /\/files\/zips\/(.+)\.zip$/.exec(new URL(data.zip_url).pathname)?.[1];
    await h.sandbox.db.query("DELETE FROM document_zips WHERE id = $1", [id]);
    const res = await download(data.zip_url);
    expect(res.status).toBe(404);
    expect(res.text).toContain("no longer exists");
  });

  it("sends the first bytes before the zip is built: documents moved away meanwhile are left out", async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `ZIP-INV-${String(i + 1).padStart(3, "0")}`);
    await insertRows(
      h.sandbox.db,
      "invoices",
      ids.map((id) => ({ id })),
      ADA.customerId,
    );
    const data = await link({ invoice_ids: ids });
    expect(data.count).toBe(40);

    const started = performance.now();
    const res = await fetch(data.zip_url);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Buffer[] = [];
    const first = await reader.read();
    const firstByteMs = performance.now() - started;
    expect(first.done).toBe(false);
    chunks.push(Buffer.from(first.value!));
    // The first byte is here: take the invoices away from ada. Had the zip been built before
    // sending, all 40 would be in it; built as it is sent, those not drawn yet are left out.
    await h.sandbox.db.query("UPDATE invoices SET customer_id = $1 WHERE id = ANY($2::text[])", [
      MULTI.customerId,
      ids,
    ]);
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      chunks.push(Buffer.from(next.value));
    }
    const totalMs = performance.now() - started;
    const entries = readZip(Buffer.concat(chunks));
    expect(entries.length).toBeGreaterThanOrEqual(1);
    expect(entries.length).toBeLessThan(40);
    expect(entries.map((e) => e.name)).toEqual(
      ids.slice(0, entries.length).map((id) => `invoices/${id}.pdf`),
    );
    expect(firstByteMs).toBeLessThan(totalMs);
  });

  it("ends the zip without harm when the client goes away: the next download is whole", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `ZIP-GONE-${String(i + 1).padStart(3, "0")}`);
    await insertRows(
      h.sandbox.db,
      "invoices",
      ids.map((id) => ({ id })),
      ADA.customerId,
    );
    const data = await link({ invoice_ids: ids });
    const controller = new AbortController();
    const res = await fetch(data.zip_url, { signal: controller.signal });
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // The sandbox carries on (an error after the client left must not go unhandled).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await download((await link({ invoice_ids: invoices })).zip_url);
    expect(again.status).toBe(200);
    expect(readZip(again.bytes).map((e) => e.name)).toEqual(
      invoices.map((id) => `invoices/${id}.pdf`),
    );
  });
});
