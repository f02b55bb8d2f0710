import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { PortalConfig } from "@/lib/portal-config-types";
import { safeLinkUrl } from "@/lib/safe-url";

type Props = { portal: Pick<PortalConfig, "displayTncPrivacyUrl" | "tncUrl" | "privacyUrl"> };

/** The terms and privacy notice: only when the company enables it, linking only the documents it has. */
export function LegalNotice({ portal }: Props) {
  const t = useTranslations("common");
  if (!portal.displayTncPrivacyUrl) return null;
  const terms = safeLinkUrl(portal.tncUrl);
  const privacy = safeLinkUrl(portal.privacyUrl);
  if (!terms && !privacy) return null;
  const link = (href: string) =>
    function LegalLink(chunks: ReactNode) {
      return (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary hover:text-primary-hover font-medium underline"
        >
          {chunks}
          <span className="sr-only"> {t("shell.newTab")}</span>
        </a>
      );
    };
  const text =
    terms && privacy
      ? t.rich("legal.both", { terms: link(terms), privacy: link(privacy) })
      : terms
        ? t.rich("legal.termsOnly", { terms: link(terms) })
        : t.rich("legal.privacyOnly", { privacy: link(privacy as string) });
  return <p className="text-muted-foreground text-center text-xs leading-5">{text}</p>;
}
