// Types of server/fast-routes.mjs for tests/bff/fast-routes.test.ts.
import type { IncomingMessage, ServerResponse } from "node:http";
export declare const FAST_ROUTES: Record<string, { file: string; path: RegExp; params: string[] }>;
export declare function fastRoutesDir(distDir: string): string;
export declare function loadFastRoutes(
  distDir: string,
  logger?: { error(obj: object, msg: string): void },
): null | ((req: IncomingMessage, res: ServerResponse) => boolean);
export declare function acceptsGzip(header: string | string[] | undefined): boolean;
export declare function requestBase(host: string | undefined): string;
