"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useQueryState } from "nuqs";
import { lazy, Suspense } from "react";
import { useAfterLoad } from "@/components/ui/after-load";
import { useListView } from "@/lib/lists/use-list";
import { fetchUsageAggregate } from "@/lib/usage-chart/bff";
import { CHART_PARAM, chartGroupingParser } from "@/lib/usage-chart/params";
import { usageAggregateQuery } from "@/lib/usage-chart/queries";

// The usage chart's place above the usages table. Its code (visx) loads once the page has loaded
// and the browser is idle, and its data then: nothing of the chart is in the dashboard's first
// load (a budget the bench holds), and its space is reserved, so the table does not move when it
// arrives. The data hooks live here, not in the chart: the lazy chunk then shares no module with
// the page's chunks, which would otherwise be split to share them (about 1 kB more first load).

const UsageChart = lazy(() => import("./usage-chart"));

function ShownChart({ customerId }: { customerId: string }) {
  const [view] = useListView("usages");
  const [grouping, setGrouping] = useQueryState(CHART_PARAM, chartGroupingParser);
  const data = useQuery({
    ...usageAggregateQuery(customerId, view.filters, grouping, () =>
      fetchUsageAggregate(view, grouping),
    ),
    placeholderData: keepPreviousData,
  });
  return <UsageChart data={data} grouping={grouping} onGrouping={(g) => void setGrouping(g)} />;
}

export function UsageChartSlot({ customerId }: { customerId: string }) {
  const shown = useAfterLoad();
  // The chart's box height (usage-chart.tsx CHART_BOX), written out: importing it would bring
  // the chart's module into the first load.
  const space = <div aria-hidden="true" className="h-[27rem] sm:h-[25rem]" />;
  return shown ? (
    <Suspense fallback={space}>
      <ShownChart customerId={customerId} />
    </Suspense>
  ) : (
    space
  );
}
