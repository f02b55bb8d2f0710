import { StatusChip } from "@/components/tables/cells/status-chip";
import { CardTitle } from "@/components/tables/core/card-title";
import { takeFields, type MobileCardProps } from "@/components/tables/core/list-spec";
import { MobileCardFrame } from "@/components/tables/core/mobile-card-frame";

/** An invoice on a small screen: its id, status chip, dates, amounts and VIEW. */
export function InvoiceCard({ row, fields }: MobileCardProps<"invoices">) {
  const { taken, rest } = takeFields(fields, ["id", "status"]);
  return (
    <MobileCardFrame
      title={<CardTitle field={taken.id} fallback={row.id} />}
      badge={taken.status ? <StatusChip list="invoices" status={row.status} /> : null}
      fields={rest}
    />
  );
}
