"use client";

import { useTranslations } from "next-intl";
import { ViewLink } from "./view-link";

/**
 * A statement's VIEW link to its PDF (the row's signed URL), in a new tab. A real link, not a
 * fetch-then-open button: the URL is already in the row, so the browser opens it within the
 * click itself and no popup blocker is involved.
 */
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
