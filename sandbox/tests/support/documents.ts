/**
 * Helpers for the document tests: downloading a signed URL, reading a PDF's text back, waiting for
 * an export job, and the mail that delivered it.
 */
import { PDFParse } from "pdf-parse";
import type { Harness, Mail } from "./harness";

export type Download = { status: number; headers: Headers; bytes: Buffer; text: string };

/** GET (or POST) an absolute URL the sandbox handed out. */
export async function download(url: string, init: RequestInit = {}): Promise<Download> {
  const res = await fetch(url, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString("utf8") };
}

/** The text of a PDF, pages joined, whitespace runs collapsed to one space. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const { text } = await parser.getText();
    return text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

export type ExportJob = {
  jobId: string;
  status: "queued" | "running" | "done" | "failed";
  instance: string;
  format: string;
  rowsWritten: number;
  filename: string | null;
  size: number | null;
  error: string | null;
};

/** Polls GET /__sandbox/exports/:jobId until the job is done or failed. */
export async function waitForJob(
  h: Harness,
  jobId: string,
  timeoutMs = 15_000,
): Promise<ExportJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.request<ExportJob>("GET", `/__sandbox/exports/${jobId}`);
    if (res.status !== 200) throw new Error(`job ${jobId}: ${res.status} ${res.text}`);
    if (res.body.status === "done" || res.body.status === "failed") return res.body;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type MailAttachment = { filename: string; contentType: string; size: number; url: string };

/** The attachments of a mail, typed (the harness's Mail leaves them unknown). */
export function attachmentsOf(mail: Mail | undefined): MailAttachment[] {
  return (mail?.attachments ?? []) as MailAttachment[];
}

/** The quoted value of `name="<name>"`'s value attribute, HTML entities of the page decoded. */
export function formValue(html: string, name: string): string | null {
  const match = new RegExp(`name="${name}"\\s+value="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&amp;/g, "&") ?? null;
}

/** The form's action, entities decoded. */
export function formAction(html: string): string | null {
  const match = /<form method="post" action="([^"]*)"/.exec(html);
  return match?.[1]?.replace(/&amp;/g, "&") ?? null;
}

/** A dotted key's value in one of the portal's catalogues (messages/<locale>/<namespace>.json). */
export function message(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      messages,
    );
}
