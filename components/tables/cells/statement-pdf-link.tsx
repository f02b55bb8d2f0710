"use client";

import { useTranslations } from "next-intl";
import { ViewLink } from "./view-link";

/** A statement's VIEW link to its PDF (the row's signed URL), in a new tab. */
export function StatementPdfLink({
  statementId,
  url,
}: {
  statementId: string;
  url: string | null;
}) {
  const t = useTranslations("lists.links");
  return <ViewLink href={url} context={t("statementPdf", { id: statementId })} />;
}
