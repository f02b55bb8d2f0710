"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { CheckCircleIcon } from "@/components/ui/icons/check-circle";
import { XCircleIcon } from "@/components/ui/icons/x-circle";
import { directionOf } from "@/lib/i18n/locales";
import { attachToaster, TOAST_DURATION_MS, type ToastRequest } from "./toaster";

function ToastHeading({ variant }: { variant: ToastRequest["variant"] }) {
  const t = useTranslations("common");
  return <>{variant === "error" ? t("dialogs.error") : t("toast.success")}</>;
}

/** Shows one toast with sonner; exported for the toast tests. */
export function showToast({ variant, message, options }: ToastRequest) {
  toast[variant](<ToastHeading variant={variant} />, {
    description: message,
    duration: options.durationMs,
  });
}

/** Sonner's toast area, loaded with the first toast (see toaster.tsx). */
export default function SonnerToaster() {
  const t = useTranslations("common");
  const dir = directionOf(useLocale());
  // Sonner subscribes in its own effect, which runs before this parent's: queued toasts show.
  useEffect(() => attachToaster(showToast), []);
  return (
    <Sonner
      // The reading side's top corner: right in left-to-right languages, left in Arabic.
      position={dir === "rtl" ? "top-left" : "top-right"}
      dir={dir}
      duration={TOAST_DURATION_MS}
      visibleToasts={4}
      closeButton
      containerAriaLabel={t("toast.region")}
      icons={{
        error: <XCircleIcon className="text-danger" />,
        success: <CheckCircleIcon className="text-success" />,
      }}
      toastOptions={{
        closeButtonAriaLabel: t("toast.close"),
        classNames: {
          toast:
            "!rounded-xl !border !border-border !bg-background !text-foreground !shadow-lg !font-sans",
          title: "!text-sm !font-semibold",
          description: "!text-sm !text-muted-foreground",
          closeButton: "!size-6",
          error: "[&_[data-title]]:!text-danger",
          success: "[&_[data-title]]:!text-success",
        },
      }}
    />
  );
}
