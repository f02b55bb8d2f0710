import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActivityView } from "@/components/activity/activity-view";
import { loadShell, pageTitle } from "@/lib/shell";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("account.activity");
  return { title: await pageTitle(t("title")) };
}

// The activity log (issue 34 §3). Its entries are fetched by the browser: their times are shown
// in the customer's own time zone, which only the browser knows, and the server's render costs
// nothing more than the frame.
export default async function ActivityPage() {
  const t = await getTranslations("account");
  const { selectedCustomerId: customerId, email, failed } = await loadShell();
  if (failed) return null;
  if (!customerId)
    return (
      <div className="flex flex-col gap-6">
        <h1 className="text-foreground text-2xl font-semibold tracking-tight sm:text-3xl">
          {t("activity.title")}
        </h1>
        <p className="text-muted-foreground">{t("noCustomer")}</p>
      </div>
    );
  return <ActivityView customerId={customerId} email={email} />;
}
