// What one list adds to the shared engine: cells that need the whole row, and its mobile card.
import type { ComponentType, ReactNode } from "react";
import type { ListId } from "@/lib/lists/definitions";
import type { ListColumn, ListRowMap } from "@/lib/schemas/lists";

export type ListRow = ListRowMap[ListId];

/** How a card shows one field: its label and its rendered value. */
export type CardField = { id: string; label: string; value: ReactNode };

export type MobileCardProps<L extends ListId> = {
  row: ListRowMap[L];
  /** The row's fields of the list's mobile columns, in the table's order, already rendered. */
  fields: readonly CardField[];
};

export type ListTableSpec<L extends ListId> = {
  list: L;
  /** Cells of built-in columns whose display needs more than their own value (by column id). */
  cells: Readonly<Record<string, (row: ListRowMap[L], column: ListColumn) => ReactNode>>;
  MobileCard: ComponentType<MobileCardProps<L>>;
};

/** Declares a list's spec with its row type checked. */
export function defineListTable<L extends ListId>(spec: ListTableSpec<L>): ListTableSpec<L> {
  return spec;
}

/** Splits a card's fields into the ones named (by column id) and the rest, for titles and badges. */
export function takeFields(
  fields: readonly CardField[],
  ids: readonly string[],
): { taken: Record<string, CardField | undefined>; rest: CardField[] } {
  const taken: Record<string, CardField | undefined> = {};
  const rest: CardField[] = [];
  for (const field of fields) {
    if (ids.includes(field.id)) taken[field.id] = field;
    else rest.push(field);
  }
  return { taken, rest };
}
