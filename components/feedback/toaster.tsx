"use client";

import { useTranslations } from "next-intl";
import { Toaster as Sonner, toast } from "sonner";
import { CheckCircleIcon, XCircleIcon } from "@/components/ui/icons";

/** Toasts close by themselves after 5 s and show no progress bar (spec 000 §9). */
export const TOAST_DURATION_MS = 5000;

function ToastHeading({ variant }: { variant: "error" | "success" }) {
  const t = useTranslations("common");
  return <>{variant === "error" ? t("dialogs.error") : t("toast.success")}</>;
}

/** Per-toast options; a toast without them closes after TOAST_DURATION_MS. */
export type ToastOptions = {
  /** How long this toast stays (spec 001 §8 gives some messages 3 s). */
  durationMs?: number;
};

/** An error toast headed 'Error' (dialogs.error) with a red icon. `message` is already translated. */
export function toastError(message: string, options: ToastOptions = {}) {
  return toast.error(<ToastHeading variant="error" />, {
    description: message,
    duration: options.durationMs,
  });
}

/** A success toast headed 'Success' (toast.success) with a green icon. `message` is already translated. */
export function toastSuccess(message: string, options: ToastOptions = {}) {
  return toast.success(<ToastHeading variant="success" />, {
    description: message,
    duration: options.durationMs,
  });
}

/** The toast area. */
export function Toaster() {
  const t = useTranslations("common");
  return (
    <Sonner
      position="top-right"
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
