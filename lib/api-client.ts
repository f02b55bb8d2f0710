// The browser's way to call the BFF (docs/CONTRACT.md §3): same-origin, JSON, X-CSRF: 1. The session
// cookie travels by itself (HttpOnly); no token is ever handled here.

/**
 * A BFF error answer: `message` is a message key of namespace `common`; `fields` maps inputs to
 * keys; `detail` is the upstream's own text where a route passes it (subscriptions' refusals).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter: number | null = null,
    readonly detail: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT" | "DELETE";
type ErrorBody = {
  error?: {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
    retryAfter?: unknown;
    detail?: unknown;
  };
};

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

function retryAfterOf(body: ErrorBody | null, header: string | null): number | null {
  const fromBody = Number(body?.error?.retryAfter);
  if (body?.error?.retryAfter !== undefined && Number.isFinite(fromBody)) return fromBody;
  const fromHeader = Number(header);
  return header !== null && header.trim() !== "" && Number.isFinite(fromHeader) ? fromHeader : null;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Calls a BFF route from the browser with the CSRF header and JSON; throws ApiError on failure. */
export async function apiFetch<T>(
  path: string,
  init: { method?: Method; body?: unknown } = {},
): Promise<T> {
  // Only our own BFF: a path, never a URL that could take the request elsewhere.
  if (!path.startsWith("/api/")) throw new ApiError(0, "invalid_path", "errors.generic");
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  const hasBody = method !== "GET";
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: {
        Accept: "application/json",
        "X-CSRF": "1",
        ...(hasBody ? { "Content-Type": "application/json" } : {}),
      },
      body: hasBody ? JSON.stringify(init.body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError(0, "network", "errors.network");
  }

  const data = await readJson(res).catch(() => null);
  if (res.ok) return data as T;

  const body = data && typeof data === "object" ? (data as ErrorBody) : null;
  const code = typeof body?.error?.code === "string" ? body.error.code : `http_${res.status}`;
  const message = typeof body?.error?.message === "string" ? body.error.message : "errors.generic";
  throw new ApiError(
    res.status,
    code,
    message,
    stringRecord(body?.error?.fields),
    retryAfterOf(body, res.headers.get("retry-after")),
    typeof body?.error?.detail === "string" && body.error.detail.trim()
      ? body.error.detail.trim().slice(0, 300)
      : null,
  );
}
