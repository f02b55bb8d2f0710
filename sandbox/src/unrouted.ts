/** Answers for requests no route takes: 405 with `Allow` for a known path, else 404. */
import type { Hono, NotFoundHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { SandboxEnv } from "./env";
import { ApiError, notFound } from "./http";
import { rawPath } from "./request-info";
import { errorEnvelope } from "./respond";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The 404/405 handler of `root`; reads its routes on first use, so register them all first. */
export function answerUnrouted(root: Hono<SandboxEnv>): NotFoundHandler<SandboxEnv> {
  let byMethod: TrieRouter<string> | null = null;
  const allowedFor = (path: string): string[] => {
    if (!byMethod) {
      byMethod = new TrieRouter<string>();
      // ALL entries are middleware, not resources.
      for (const r of root.routes) if (r.method !== "ALL") byMethod.add(r.method, r.path, r.method);
    }
    const router = byMethod;
    return METHODS.filter((m) => (router.match(m, path)[0] as unknown[]).length > 0);
  };

  return (c) => {
    const allowed = allowedFor(c.req.path);
    // HEAD is served by GET, so a HEAD reaching here has no GET either.
    if (allowed.length > 0) {
      return errorEnvelope(
        c,
        new ApiError(405, "method_not_allowed", `Method ${c.req.method} not allowed`, null, {
          Allow: allowed.join(", "),
        }),
      );
    }
    return errorEnvelope(c, notFound(`No route for ${c.req.method} ${rawPath(c)}`));
  };
}
