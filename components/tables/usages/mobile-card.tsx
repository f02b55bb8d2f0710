import { CardTitle } from "@/components/tables/core/card-title";
import { takeFields, type MobileCardProps } from "@/components/tables/core/list-spec";
import { MobileCardFrame } from "@/components/tables/core/mobile-card-frame";

/** A usage on a small screen: only its id, date and quantity (spec 001 §2). */
export function UsageCard({ row, fields }: MobileCardProps<"usages">) {
  const { taken } = takeFields(fields, ["id", "date", "quantity"]);
  const shown = [taken.date, taken.quantity].filter((f) => f !== undefined);
  return (
    <MobileCardFrame title={<CardTitle field={taken.id} fallback={row.id} />} fields={shown} />
  );
}
