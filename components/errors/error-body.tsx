"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { StatusScreen } from "@/components/errors/status-screen";
import { Button } from "@/components/ui/button";

/** The error page's content (app/error.tsx loads it when an error happens). */
export default function ErrorBody({ error, retry }: { error: unknown; retry: () => void }) {
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
