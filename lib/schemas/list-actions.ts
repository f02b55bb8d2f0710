// The lists' bodies moved to lib/schemas/lists.ts (one schema module per feature). This re-export
// stays only for lib/dialogs/stack.ts; delete it once that file imports from lib/schemas/lists.
export type { ExportRequest, LayoutChange } from "./lists";
