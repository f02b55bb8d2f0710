// Types of scripts/fleet-lib.mjs for bench/load.ts and the tests.
export declare const fleetDir: string;
export declare function ensureSystemPackages(log?: (line: string) => void): void;
export declare function startPostgres(port: number): Promise<{ url: string; stop(): void }>;
export declare function nginxConfig(options: {
  port: number;
  instances: number[];
  dir: string;
}): string;
export type FleetInstance = {
  readonly port: number;
  readonly pid: number | undefined;
  /** SIGTERM: the instance drains and exits; resolves with its exit code. */
  stop(): Promise<number | null>;
  /** Starts it again (after stop) and waits until it answers. */
  start(): Promise<void>;
};
export type Fleet = {
  url: string;
  port: number;
  sandboxUrl: string;
  instances: FleetInstance[];
  logDir: string;
  stop(): Promise<void>;
};
export declare function startFleet(options: {
  port?: number;
  instancePorts?: number[];
  sandboxPort?: number;
  postgresPort?: number;
  sandboxEnv?: Record<string, string>;
  portalEnv?: Record<string, string>;
  sessionSecret: string;
  logDir?: string;
}): Promise<Fleet>;
