// Downloads a file a BFF route streams (a zip of documents, an export downloaded now), reporting
// the bytes as they arrive, then hands it to the browser as a download. Loaded on first use.
import { ApiError } from "@/lib/api-client";

export type Downloaded = { fileName: string; bytes: number; count: number | null };

/** The file name of a Content-Disposition header (ASCII `filename`), else the fallback. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? fallback;
}

/** POSTs `body` to a BFF route that answers a file, and saves the file. */
export async function downloadFile(
  path: `/api/${string}`,
  body: unknown,
  fallbackName: string,
  onProgress: (bytes: number) => void,
): Promise<Downloaded> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Content-Type": "application/json", "X-CSRF": "1" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "errors.network");
  }
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = typeof data?.error?.code === "string" ? data.error.code : `http_${res.status}`;
    throw new ApiError(res.status, code, "errors.generic");
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  const fileName = fileNameOf(res.headers.get("content-disposition"), fallbackName);
  const url = URL.createObjectURL(
    new Blob(chunks, { type: res.headers.get("content-type") ?? "application/octet-stream" }),
  );
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  const count = Number(res.headers.get("x-document-count"));
  return { fileName, bytes, count: Number.isFinite(count) && count > 0 ? count : null };
}
