/** /v1/cache: the vendor's cache reset, acknowledged (the sandbox caches nothing). */
import { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { requireUser } from "../../middleware/auth";
import { envelope } from "../../respond";

export const cacheRoutes = new Hono<SandboxEnv>();

// POST /v1/cache/clear_cache – {success: true}; every answer is read fresh from the database anyway
cacheRoutes.post("/cache/clear_cache", requireUser, (c) => envelope(c, { success: true }));
