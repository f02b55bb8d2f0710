// The browser's call of the activity log: the BFF's GET /api/activity (lib/billing/activity reads
// and words-ready the billing API's answer).
import { apiFetch } from "@/lib/api-client";
import type { ActivityPage, ActivityQuery } from "@/lib/schemas/activity";

/** GET /api/activity?page&kind */
export function fetchActivity(query: ActivityQuery): Promise<ActivityPage> {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.kind) params.set("kind", query.kind);
  return apiFetch<ActivityPage>(`/api/activity?${params}`);
}
