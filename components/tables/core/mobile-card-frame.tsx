import type { ReactNode } from "react";
import type { CardField } from "./list-spec";

type MobileCardFrameProps = {
  title: ReactNode;
  /** Shown at the top right, e.g. a status chip. */
  badge?: ReactNode;
  fields: readonly CardField[];
};

/** One row as a card on small screens: a title, an optional badge and label/value pairs. */
export function MobileCardFrame({ title, badge, fields }: MobileCardFrameProps) {
  return (
    <article className="border-border bg-background rounded-xl border p-4 shadow-xs">
      <header className="mb-3 flex items-start justify-between gap-3">
        <h3 className="text-foreground min-w-0 text-sm font-semibold break-words">{title}</h3>
        {badge}
      </header>
      <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-2 text-sm">
        {fields.map((field) => (
          <div key={field.id} className="contents">
            <dt className="text-muted-foreground">{field.label}</dt>
            <dd className="text-foreground min-w-0 break-words">{field.value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
