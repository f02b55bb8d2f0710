/** /v1/column: the user's saved table layout per list (widths, order, sort). */
import { Hono, type Context } from "hono";
import { readJsonBody } from "../../body";
import type { Queryable } from "../../db";
import type { SandboxEnv } from "../../env";
import type { ListFields } from "../../lists/fields";
import { loadListFields } from "../../lists/list";
import {
  saveColumnOrder,
  saveColumnWidth,
  saveSorting,
  saveTarget,
  type TableConfiguration,
} from "../../lists/table-config";
import { requireCustomer, type CustomerEnv } from "../../middleware/auth";
import { envelope } from "../../respond";

type Save = (
  db: Queryable,
  userId: string,
  fields: ListFields,
  body: unknown,
  now: Date,
) => Promise<TableConfiguration>;

/** Reads the body, finds the list it names and saves; answers the saved tableConfiguration. */
const saveWith = (save: Save) => async (c: Context<CustomerEnv>) => {
  const { app, user } = c.var;
  const body = await readJsonBody(c);
  const fields = await loadListFields(app.db, user.company_id, saveTarget(body));
  return envelope(c, await save(app.db, user.id, fields, body, new Date(app.now())));
};

export const columnRoutes = new Hono<SandboxEnv>();

// PUT /v1/column/save_column_width {column_width, module_name, sub_module_name, level_type} – merged widths
columnRoutes.put("/column/save_column_width", requireCustomer, saveWith(saveColumnWidth));
// PUT /v1/column/save_column_order {column_order, ...} – a permutation of the list's columns
columnRoutes.put("/column/save_column_order", requireCustomer, saveWith(saveColumnOrder));
// PUT /v1/column/save_sorting {sort_line, ...} – "column dir" from the sortable whitelist, or null
columnRoutes.put("/column/save_sorting", requireCustomer, saveWith(saveSorting));
