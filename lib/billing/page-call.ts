import "server-only";

// callForPage lives in lib/http/page-call.ts (above lib/billing and lib/session). This re-export
// stays only for lib/account/prefetch.ts and lib/subscriptions/prefetch.ts; delete it when they use
// lib/query/prefetch.ts (it is in the import rules' allow-list, scripts/check-imports.mjs).
export { callForPage } from "@/lib/http/page-call";
