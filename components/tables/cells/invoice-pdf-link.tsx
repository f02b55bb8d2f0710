"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { fetchInvoicePdfUrl } from "@/lib/lists/bff";
import { SignedLinkButton } from "./signed-link-button";

/** The invoice's VIEW action: asks for a signed PDF link when clicked and opens it in a new tab. */
export function InvoicePdfLink({ invoiceId }: { invoiceId: string }) {
  const t = useTranslations("lists.links");
  const fetchLink = useCallback(() => fetchInvoicePdfUrl(invoiceId), [invoiceId]);
  return (
    <SignedLinkButton fetchLink={fetchLink} context={t("invoicePdf", { id: invoiceId })}>
      {t("view")}
    </SignedLinkButton>
  );
}
