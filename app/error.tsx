"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { StatusScreen } from "@/components/errors/status-screen";
import { Button } from "@/components/ui/button";

// Unexpected errors below the root layout: a calm message and a retry (details stay in the server log).
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("common");
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <StatusScreen title={t("errorPage.genericTitle")} text={t("errorPage.genericText")}>
      <Button onClick={() => retry()}>{t("errorPage.retry")}</Button>
    </StatusScreen>
  );
}
