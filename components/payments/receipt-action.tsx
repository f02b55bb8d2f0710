"use client";

import { SignedLinkButton } from "@/components/tables/cells/signed-link-button";
import type { RowActions } from "@/components/tables/core/list-table";
import { fetchReceiptUrl } from "@/lib/payments/bff";

/** The payments list's last column: each payment's receipt PDF (issue 32 §2), opened in a new tab. */
export function receiptAction(labels: { column: string; link: string }): RowActions<"payments"> {
  return {
    label: labels.column,
    width: 130,
    render: (row) => (
      <SignedLinkButton fetchLink={() => fetchReceiptUrl(row.id)} context={row.id}>
        {labels.link}
      </SignedLinkButton>
    ),
  };
}
