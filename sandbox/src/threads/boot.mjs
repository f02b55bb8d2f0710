// The entry of the sandbox's worker threads (threads/start.ts): a worker thread does not inherit
// the process's tsx loader, so it registers its own before importing the TypeScript module named
// in its workerData.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.module);
