// The PDF drawer thread's entry: a worker thread does not inherit the process's tsx loader, so it
// registers its own before loading the TypeScript module.
import { register } from "tsx/esm/api";

register();
await import("./drawer-thread.ts");
