import type { CardField } from "./list-spec";

/** A card's title: the id column's label, small, then the row's id. */
export function CardTitle({ field, fallback }: { field: CardField | undefined; fallback: string }) {
  return (
    <>
      {field ? (
        <span className="text-muted-foreground block text-xs font-medium">{field.label}</span>
      ) : null}
      <span>{fallback}</span>
    </>
  );
}
