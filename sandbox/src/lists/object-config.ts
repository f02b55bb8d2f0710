/** The company's columns of a list (`objectConfiguration`). */
import type { ColumnConfigurationDto } from "@billing-portal/contract/wire/lists";
import type { Queryable } from "../db";
import { MODULE_DEFINITIONS, type ListModule } from "./modules";

export type { ColumnConfigurationDto };

/** `{ <objectKey>: { fields } }`: built-in and custom columns in order; disabled = hidden by default. */
export async function readObjectConfiguration(
  db: Queryable,
  companyId: string,
  module: ListModule,
): Promise<Record<string, { fields: ColumnConfigurationDto[] }>> {
  const fields = await db.query<ColumnConfigurationDto>(
    `SELECT column_id AS id, display_name, order_no, column_enabled
       FROM column_configurations
      WHERE company_id = $1 AND module = $2
      ORDER BY order_no, column_id`,
    [companyId, module],
  );
  return { [MODULE_DEFINITIONS[module].objectKey]: { fields } };
}
