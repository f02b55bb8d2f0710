// The usage aggregate at scale (issue 31 §2): GET /v1/usages/aggregate straight from the sandbox,
// for the lists' four filter shapes and each grouping. A filter's first answer is its first call
// (nothing cached for that key yet: the rollup or the usage lines are read); the cached p50 is the
// same calls repeated (sandbox/src/lists/usage-aggregate.ts caches by filters and grouping while
// the usages list's version holds).
import { jsonOf, percentile, pick, round1, timedRequest } from "./http";
import { measured, unmeasured, type Figure } from "./report";
import type { Scenario } from "./lists";

/** Budgets of issue 31 §2 at 1,000,000 usages. */
export const AGGREGATE_FIRST_MS = 300;
export const AGGREGATE_CACHED_P50_MS = 20;

const GROUPINGS = ["day", "week", "month"] as const;

export function aggregateUrl(sandboxUrl: string, s: Scenario, groupBy: string): string {
  const query = new URLSearchParams([["group_by", groupBy], ...s.filterOptions]);
  return `${sandboxUrl}/v1/usages/aggregate?${query}`;
}

/**
 * Per scenario: the slowest first answer of the three groupings (each grouping is a key of its
 * own) and the p50 of `rounds` repeated calls per grouping.
 */
export async function measureAggregate(
  sandboxUrl: string,
  bearer: string,
  list: Scenario[],
  rounds: number,
  group: Figure["group"] = "direct",
): Promise<Figure[]> {
  const prefix = group === "direct" ? "aggregate" : "aggregatePostgres";
  const headers = { Authorization: `Bearer ${bearer}` };
  const figures: Figure[] = [];
  for (const s of list) {
    const firsts: Record<string, number> = {};
    const cached: number[] = [];
    let error: string | null = null;
    let matched: number | null = null;
    for (const groupBy of GROUPINGS) {
      for (let round = 0; round <= rounds && !error; round++) {
        const res = await timedRequest(aggregateUrl(sandboxUrl, s, groupBy), { headers });
        if (res.status !== 200) {
          error = `answered ${res.status}: ${res.body.toString("utf8").slice(0, 160)}`;
          break;
        }
        if (round === 0) {
          firsts[groupBy] = round1(res.totalMs);
          const count = pick(jsonOf(res), "data", "count");
          matched = typeof count === "number" ? count : null;
        } else cached.push(res.totalMs);
      }
    }
    const first = {
      group,
      name: `usage aggregate: ${s.label}, first answer (slowest grouping)`,
      key: `${prefix}.${s.id}.firstMs`,
      unit: "ms",
      budget: { metric: "value" as const, op: "<=" as const, limit: AGGREGATE_FIRST_MS },
    };
    const again = {
      group,
      name: `usage aggregate: ${s.label}, cached`,
      key: `${prefix}.${s.id}.cachedP50Ms`,
      unit: "ms",
      budget: { metric: "p50" as const, op: "<=" as const, limit: AGGREGATE_CACHED_P50_MS },
    };
    if (error) {
      const status = error.startsWith("answered 404") ? "not_available" : "failed";
      figures.push(unmeasured(first, status, error), unmeasured(again, status, error));
      continue;
    }
    const details = { matchedRows: matched, filters: s.portalFilters || "none" };
    figures.push(
      measured({
        ...first,
        value: Math.max(...Object.values(firsts)),
        details: { ...details, ...firsts },
      }),
      measured({
        ...again,
        p50: round1(percentile(cached, 50)),
        p95: round1(percentile(cached, 95)),
        details: { ...details, samples: cached.length },
      }),
    );
  }
  return figures;
}
