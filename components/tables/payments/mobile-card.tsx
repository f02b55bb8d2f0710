import { StatusChip } from "@/components/tables/cells/status-chip";
import { CardTitle } from "@/components/tables/core/card-title";
import { takeFields, type MobileCardProps } from "@/components/tables/core/list-spec";
import { MobileCardFrame } from "@/components/tables/core/mobile-card-frame";

/** A payment on a small screen: its id and status chip (failed in red), date, method and amount. */
export function PaymentCard({ row, fields }: MobileCardProps<"payments">) {
  const { taken, rest } = takeFields(fields, ["id", "status"]);
  return (
    <MobileCardFrame
      title={<CardTitle field={taken.id} fallback={row.id} />}
      badge={<StatusChip list="payments" status={row.status} />}
      fields={rest}
    />
  );
}
