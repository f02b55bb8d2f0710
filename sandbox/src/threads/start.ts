/**
 * Worker threads of the sandbox: CPU-heavy work (drawing PDFs, writing XLSX) off the thread that
 * serves requests. A thread runs a TypeScript module through tsx (boot.mjs), with its own heap.
 */
import { Worker, type ResourceLimits } from "node:worker_threads";

/** A thread running `module` (a file URL); `args` reach it as `workerData.args`. */
export function startThread(module: URL, args: unknown = null, limits?: ResourceLimits): Worker {
  return new Worker(new URL("./boot.mjs", import.meta.url), {
    workerData: { module: module.href, args },
    ...(limits && { resourceLimits: limits }),
  });
}
