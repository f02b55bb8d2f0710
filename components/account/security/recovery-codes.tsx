"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons/download";

/**
 * Ten recovery codes, shown once (issue 34 §1): what they are for, the codes in a list a screen
 * reader reads one by one, and ways to keep them: copy and a text file.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useTranslations("account.security.codes");
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-foreground text-sm leading-6">{t("text")}</p>
      <ol
        aria-label={t("listLabel")}
        dir="ltr"
        className="bg-muted grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-md px-4 py-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-foreground tracking-wide">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t("copy")}
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          <DownloadIcon className="size-4" />
          {t("download")}
        </Button>
        <p role="status" className="text-muted-foreground self-center text-sm">
          {copied ? t("copied") : ""}
        </p>
      </div>
    </div>
  );
}
