"use client";

import { useTranslations } from "next-intl";
import { FunnelIcon } from "@/components/ui/icons/funnel";

/** The filter button's icon and text, the same before and after its popover has loaded. */
export function FilterButtonContent() {
  const t = useTranslations("lists");
  return (
    <>
      <FunnelIcon className="size-4" />
      {t("filter.button")}
    </>
  );
}
