/**
 * Signed, expiring URLs of the sandbox's files (CONTRACT.md §5): invoice and statement PDFs,
 * attachments and exported files, all under `/files/` on the origin the caller reached the sandbox
 * at. Same signature scheme as the hosted pages (account/signed-links.ts): HMAC-SHA256 over the
 * path and the expiry, keyed from the sandbox's secret.
 */
import type { Context } from "hono";
import type { App } from "../app";
import { checkSignedPath, signedUrl, type LinkCheck } from "../account/signed-links";
import { pageLinks } from "../routes/v1/account-context";

/** What signing a file link needs: the public origin, the HMAC key and the clock (epoch ms). */
export type FileLinks = { origin: string; key: Buffer; now: number };

/** PDFs and attachments are fetched right after the portal asks for them: one hour is plenty. */
export const FILE_LINK_TTL_SECONDS = 3600;
/** An e-mailed export is opened later: its link lives a week. */
export const EXPORT_LINK_TTL_SECONDS = 7 * 24 * 3600;

const segment = encodeURIComponent;

/** Where an invoice's PDF lives (signed before use). */
export const invoicePdfPath = (invoiceId: string) => `/files/invoices/${segment(invoiceId)}.pdf`;
/** Where a statement's PDF lives. */
export const statementPdfPath = (statementId: string) =>
  `/files/statements/${segment(statementId)}.pdf`;
/** The customer is part of the path, so the file route looks the attachment up in its rows only. */
export const attachmentPath = (customerId: string, attachmentId: string) =>
  `/files/attachments/${segment(customerId)}/${segment(attachmentId)}`;
/** Where an export file is downloaded, under the name the user sees. */
export const exportFilePath = (jobId: string, filename: string) =>
  `/files/exports/${segment(jobId)}/${segment(filename)}`;

/**
 * The links of one request: its origin is the request's own (the Host the caller used), the
 * address the portal accepts as "the API's own origin" and the browser reaches in dev and tests.
 */
export function fileLinks(c: Context, app: App): FileLinks {
  const { origin, key, now } = pageLinks(c, app);
  return { origin, key, now };
}

/** The absolute signed URL of a `/files/...` path. */
export function signFile(links: FileLinks, path: string, ttl = FILE_LINK_TTL_SECONDS): string {
  return signedUrl(links.key, links.origin, path, links.now, ttl);
}

/** Checks a request for a `/files/...` path: its raw (still encoded) path and query. */
export function checkFileUrl(key: Buffer, url: URL, now: number): LinkCheck {
  return checkSignedPath(key, url.pathname, url.searchParams, now);
}

/** The signed PDF link of a statement (the list answer's `url`). */
export const statementPdfUrl = (links: FileLinks, statementId: string) =>
  signFile(links, statementPdfPath(statementId));

/** The signed PDF link of an invoice (getPdfUrl, account_detail's `invoice_pdf_url`). */
export const invoicePdfUrl = (links: FileLinks, invoiceId: string) =>
  signFile(links, invoicePdfPath(invoiceId));

/**
 * The callbacks the list answer and account_detail take (`RowOptions.statementUrl`,
 * `invoicePdfUrl`), bound to one request's links.
 */
export function documentUrls(links: FileLinks): {
  statementUrl: (statementId: string) => string;
  invoicePdfUrl: (invoiceId: string) => string;
} {
  return {
    statementUrl: (id) => statementPdfUrl(links, id),
    invoicePdfUrl: (id) => invoicePdfUrl(links, id),
  };
}
