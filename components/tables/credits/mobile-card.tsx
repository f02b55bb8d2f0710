import { StatusChip } from "@/components/tables/cells/status-chip";
import { CardTitle } from "@/components/tables/core/card-title";
import { takeFields, type MobileCardProps } from "@/components/tables/core/list-spec";
import { MobileCardFrame } from "@/components/tables/core/mobile-card-frame";

/** A credit on a small screen: its id and status chip, date, amount and balance. */
export function CreditCard({ row, fields }: MobileCardProps<"credits">) {
  const { taken, rest } = takeFields(fields, ["id", "status"]);
  return (
    <MobileCardFrame
      title={<CardTitle field={taken.id} fallback={row.id} />}
      badge={taken.status ? <StatusChip list="credits" status={row.status} /> : null}
      fields={rest}
    />
  );
}
