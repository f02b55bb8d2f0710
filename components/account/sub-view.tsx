"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ArrowLeftIcon } from "@/components/ui/icons/arrow-left";

/** A sub-view of the account page (a full view instead of a dialog): Back, its heading, its content. */
export function AccountSubView({
  title,
  description,
  onBack,
  children,
}: {
  title: string;
  description?: ReactNode;
  onBack: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("account.views");
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <div>
        <Button variant="ghost" size="sm" className="-ms-3" onClick={onBack}>
          <ArrowLeftIcon className="size-4 rtl:-scale-x-100" />
          {t("back")}
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {description ? (
          <p className="text-muted-foreground text-sm leading-6">{description}</p>
        ) : null}
      </div>
      <Card className="px-4 py-5 sm:px-6">{children}</Card>
    </div>
  );
}
