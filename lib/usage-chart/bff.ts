// The browser's call for the usage chart (through the BFF, never /v1). The BFF validated and
// reshaped the upstream's answer (lib/billing/usage-chart), so it is read as the app type it is.
import { apiFetch } from "@/lib/api-client";
import { serializeListView, type ListView } from "@/lib/lists/params";
import type { UsageAggregate, UsageGrouping } from "@/lib/schemas/usage-chart";

/**
 * GET /api/lists/usages/aggregate: the view as in the page's URL (the route reads its filters
 * only), and the grouping.
 */
export const fetchUsageAggregate = (view: ListView, groupBy: UsageGrouping) =>
  apiFetch<UsageAggregate>(
    `/api/lists/usages/aggregate${serializeListView("usages", view)}&group_by=${groupBy}`,
  );
