import { CardTitle } from "@/components/tables/core/card-title";
import { takeFields, type MobileCardProps } from "@/components/tables/core/list-spec";
import { MobileCardFrame } from "@/components/tables/core/mobile-card-frame";

/** A statement on a small screen: its id, date and VIEW link. */
export function StatementCard({ row, fields }: MobileCardProps<"statements">) {
  const { taken, rest } = takeFields(fields, ["id"]);
  return <MobileCardFrame title={<CardTitle field={taken.id} fallback={row.id} />} fields={rest} />;
}
