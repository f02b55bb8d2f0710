import type { SandboxConfig } from "./config";
import type { Db } from "./db";
import type { FaultInjector } from "./faults";
import type { LoginRateLimiter } from "./rate-limit";

/** Everything a request handler needs. */
export type App = {
  config: SandboxConfig;
  db: Db;
  /** The clock (epoch ms). Tests inject one to move time forward. */
  now: () => number;
  limiter: LoginRateLimiter;
  faults: FaultInjector;
  /** hCaptcha siteverify (test mode: the documented test response only). */
  verifyCaptcha: (response: string, remoteIp: string | undefined) => Promise<boolean>;
};
