// Types of server/request-log.mjs for tests/bff/request-log.test.ts.
import type { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DestinationStream, Logger } from "pino";
export declare const requestContext: AsyncLocalStorage<{ requestId: string }>;
export declare function markDraining(): void;
export declare function requestIdFrom(header: string | string[] | undefined): string;
export declare function loggableRoute(target: string): string;
export declare function createLogger(destination?: DestinationStream): Logger;
export declare function logRequest(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): void;
