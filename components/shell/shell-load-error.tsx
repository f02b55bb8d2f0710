import { getTranslations } from "next-intl/server";
import { buttonVariants } from "@/components/ui/button";

/**
 * In place of a signed-in page when the user or their customers could not be loaded: the frame
 * stays, and "Try again" loads the same page again. A link, not a button: it works before (and
 * without) any JavaScript, and costs the page none.
 */
export async function ShellLoadError({ retryHref }: { retryHref: string }) {
  const t = await getTranslations("common.shell.loadError");
  return (
    <section
      role="alert"
      aria-labelledby="shell-load-error-title"
      className="border-border bg-background mx-auto flex max-w-xl flex-col items-start gap-3 rounded-xl border p-6 shadow-sm"
    >
      <h1 id="shell-load-error-title" className="text-foreground text-xl font-semibold">
        {t("title")}
      </h1>
      <p className="text-muted-foreground text-sm leading-6">{t("text")}</p>
      <a href={retryHref} className={buttonVariants({ variant: "primary", size: "md" })}>
        {t("retry")}
      </a>
    </section>
  );
}
