"use client";

import { useTranslations } from "next-intl";
import { EMPTY_VALUE } from "@/lib/format/values";

/** A statement's VIEW link to its PDF in a new tab; '-' when the row has no (safe) URL. */
export function ViewLink({ href, context }: { href: string | null; context: string }) {
  const t = useTranslations("lists.links");
  // The BFF already kept only https or the API's own origin; this refuses anything but http(s).
  const url = href && /^https?:\/\//i.test(href) ? href : null;
  if (!url) return <>{EMPTY_VALUE}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary hover:text-primary-hover rounded font-semibold underline underline-offset-2"
    >
      {t("view")}
      <span className="sr-only">
        {" "}
        {context} {t("newTab")}
      </span>
    </a>
  );
}
