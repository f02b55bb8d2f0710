import "server-only";
import { Readable } from "node:stream";
import { request } from "undici";
import { billingBaseUrl, billingTimeoutMs } from "./client";
import { BillingApiError } from "./errors";

// A file the billing API streams behind a signed link (a zip of documents, an export downloaded
// now), passed through to the browser as it arrives: same origin for the browser (so it can show
// progress), never held whole here. Only the billing API's own origin is fetched, never a URL an
// answer could point elsewhere (SSRF), and only the file types these features send.

const TYPES = new Set([
  "application/zip",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
]);

/** A file name safe in a header: ASCII letters, digits, dot, dash and underscore. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 120) || "file";

/** GETs a signed file of the billing API and answers it as a download, streamed. */
export async function streamBillingFile(
  url: string,
  fileName: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const target = new URL(url);
  if (target.origin !== new URL(billingBaseUrl()).origin)
    throw new BillingApiError(502, "upstream_malformed", "the file is not on the billing API");
  let res: Awaited<ReturnType<typeof request>>;
  try {
    // The timeout covers the answer's start; the body may stream for long after.
    res = await request(target, {
      method: "GET",
      headersTimeout: billingTimeoutMs(),
      bodyTimeout: 60_000,
    });
  } catch {
    throw new BillingApiError(502, "upstream_unavailable", "billing API unreachable");
  }
  const type =
    String(res.headers["content-type"] ?? "")
      .split(";")[0]
      ?.trim() ?? "";
  if (res.statusCode !== 200 || !TYPES.has(type)) {
    res.body.resume();
    throw new BillingApiError(
      res.statusCode === 404 ? 404 : 502,
      res.statusCode === 404 ? "not_found" : "upstream_malformed",
      `billing API answered ${res.statusCode} ${type} for a file`,
    );
  }
  const name = safeName(fileName);
  return new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}"`,
      ...extra,
    },
  });
}
