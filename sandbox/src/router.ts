import type { IncomingMessage } from "node:http";

/** What a handler sees of the request. The body is read lazily (JSON, at most 1 MB). */
export type RequestContext = {
  req: IncomingMessage;
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** X-Client-IP (set by the BFF) or the socket's address. */
  clientIp: string;
  body: () => Promise<unknown>;
};

export type Handler<R> = (ctx: RequestContext) => Promise<R>;

export type Route<R> = { method: string; pattern: string; segments: string[]; handler: Handler<R> };

export type RouteMatch<R> =
  | { kind: "found"; route: Route<R>; params: Record<string, string> }
  | { kind: "method_not_allowed"; allowed: string[] }
  | { kind: "not_found" };

/** A tiny method + path router; `:name` segments capture one path segment. */
export class Router<R> {
  readonly #routes: Route<R>[] = [];

  on(method: string, pattern: string, handler: Handler<R>): this {
    this.#routes.push({
      method: method.toUpperCase(),
      pattern,
      segments: pattern.split("/").filter(Boolean),
      handler,
    });
    return this;
  }

  get = (pattern: string, handler: Handler<R>) => this.on("GET", pattern, handler);
  post = (pattern: string, handler: Handler<R>) => this.on("POST", pattern, handler);
  delete = (pattern: string, handler: Handler<R>) => this.on("DELETE", pattern, handler);

  match(method: string, path: string): RouteMatch<R> {
    const parts = path.split("/").filter(Boolean);
    const allowed: string[] = [];
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method === method || (method === "HEAD" && route.method === "GET"))
        return { kind: "found", route, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    const v = parts[i] ?? "";
    if (p.startsWith(":")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(v);
      } catch {
        return null;
      }
      params[p.slice(1)] = decoded;
    } else if (p !== v) {
      return null;
    }
  }
  return params;
}
