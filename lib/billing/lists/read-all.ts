import "server-only";
import type { ListId } from "@/lib/lists/definitions";
import type { ListFilter } from "@/lib/lists/filters";
import type { ListView } from "@/lib/lists/params";
import type { ListRowMap, Sort } from "@/lib/schemas/lists";
import { requestListPage, type Caller } from "./index";

/** Rows read per list call (the lists' largest page). */
const PAGE = 50 as const;

/**
 * Every row of a list for these filters, page after page, up to `limit` rows: what "every row
 * matching the filters" means when the customer acts on a selection beyond the page shown.
 */
export async function readAllRows<L extends ListId>(
  caller: Caller,
  list: L,
  filters: ListFilter[],
  limit: number,
  sort: Sort | null = null,
): Promise<ListRowMap[L][]> {
  const rows: ListRowMap[L][] = [];
  for (let pageIndex = 0; rows.length < limit; pageIndex++) {
    const view: ListView = { pageIndex, size: PAGE, sort, filters };
    const answer = await requestListPage(caller, list, view, { initial: false, withTotal: false });
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE) break;
  }
  return rows.slice(0, limit);
}
