"use client";

import type { ColumnKind, ListId } from "@/lib/lists/definitions";
import { useFormatters } from "@/components/format/formatted-texts";
import { toAmount } from "@/lib/format/money";
import { EMPTY_VALUE, booleanMessageKey, displayText } from "@/lib/format/values";
import { fetchAttachmentUrl } from "@/lib/lists/bff";
import type { CustomFieldValue } from "@/lib/schemas/lists";
import { LongText } from "./long-text";
import { SignedLinkButton } from "./signed-link-button";
import { StatusChip } from "./status-chip";
import { useDynamicText } from "./use-dynamic-text";

type CellValueProps = {
  list: ListId;
  kind: ColumnKind;
  value: unknown;
  /** The row's currency, for money. */
  currency: string | null;
};

function isAttachment(
  value: unknown,
): value is Extract<CustomFieldValue, { attachmentId: string }> {
  return typeof value === "object" && value !== null && "attachmentId" in value;
}

/** A value shown by its column's kind; kinds that need the whole row (overdue, credit balance, links) are the lists' own. */
export function CellValue({ list, kind, value, currency }: CellValueProps) {
  const format = useFormatters();
  const t = useDynamicText();
  switch (kind) {
    case "date":
    case "timestamp":
      return <span className="whitespace-nowrap tabular-nums">{format.date(value)}</span>;
    case "money":
      return (
        <span className="whitespace-nowrap tabular-nums">{format.money(value, currency)}</span>
      );
    case "number": {
      const n = toAmount(value);
      return <span className="tabular-nums">{n === null ? EMPTY_VALUE : format.number(n)}</span>;
    }
    case "percent":
      return <span className="whitespace-nowrap tabular-nums">{format.percent(value)}</span>;
    case "boolean": {
      const key = booleanMessageKey(value);
      return <>{key ? t(key) : EMPTY_VALUE}</>;
    }
    case "status":
      return <StatusChip list={list} status={typeof value === "string" ? value : null} />;
    case "attachment":
      if (!isAttachment(value)) return <>{EMPTY_VALUE}</>;
      return (
        <SignedLinkButton
          fetchLink={() => fetchAttachmentUrl(value.attachmentId)}
          context={t("lists.links.download")}
        >
          <LongTextPlain text={value.fileName} />
        </SignedLinkButton>
      );
    default: {
      if (Array.isArray(value))
        return <LongText text={value.length ? value.join(", ") : EMPTY_VALUE} />;
      return <LongText text={displayText(value)} />;
    }
  }
}

/**
 * A file name inside a button: cut at the tooltip threshold without a nested button. min-w-0 lets
 * the flex item shrink, so a long name without spaces is cut inside its cell instead of spilling
 * under the next one.
 */
function LongTextPlain({ text }: { text: string }) {
  return <span className="max-w-[40ch] min-w-0 truncate">{text}</span>;
}
