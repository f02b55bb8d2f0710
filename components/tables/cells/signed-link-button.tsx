"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { SignedUrl } from "@/lib/schemas/lists";
import { useOpenSignedLink } from "./open-link";

type SignedLinkButtonProps = {
  fetchLink: () => Promise<SignedUrl>;
  /** The visible text. */
  children: ReactNode;
  /** Read after the visible text by screen readers (what opens). */
  context: string;
};

/**
 * A link-styled button for a signed URL that is fetched on click (invoice PDFs, attachments). The
 * new tab opens within the click and loads the URL once it arrives, as Pay now does: a tab opened
 * after the awaited fetch is no longer a user gesture, and popup blockers stop it. With no usable
 * URL the empty tab closes again and the error toast says why.
 */
export function SignedLinkButton({ fetchLink, children, context }: SignedLinkButtonProps) {
  const t = useTranslations("lists.links");
  const { open, pending } = useOpenSignedLink(fetchLink);
  return (
    <button
      type="button"
      onClick={() => void open()}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      className="text-primary hover:text-primary-hover inline-flex max-w-full items-center gap-1.5 rounded font-semibold underline underline-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      {children}
      <span className="sr-only">
        {" "}
        {context} {t("newTab")}
      </span>
      {pending ? <Spinner className="size-3.5" /> : null}
    </button>
  );
}
