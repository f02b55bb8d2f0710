// STUB (replaced by the BFF work): see docs/CONTRACT.md §3.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
/** Calls a BFF route from the browser with the CSRF header and JSON. */
export async function apiFetch<T>(_path: string, _init: { method?: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown } = {}): Promise<T> {
  throw new Error("not implemented");
}
