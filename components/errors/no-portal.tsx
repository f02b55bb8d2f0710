import { useTranslations } from "next-intl";
import { StatusScreen } from "./status-screen";

/** Shown instead of any portal when the request's host has no portal configuration. */
export function NoPortal() {
  const t = useTranslations("common");
  return <StatusScreen title={t("noPortal.heading")} text={t("noPortal.text")} />;
}
