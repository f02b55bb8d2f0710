import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { confirmAlertRecipient } from "@/lib/billing/alerts";
import { BillingApiError } from "@/lib/billing/errors";
import { getClientIp } from "@/lib/request-host";
import { urlTokenSchema } from "@/lib/schemas/shared";
import { getCurrentPortal, pageTitle } from "@/lib/shell";

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("periods");
  return { title: await pageTitle(t("alertConfirm.title")), referrer: "no-referrer" };
}

type Outcome =
  { kind: "confirmed"; email: string; company: string } | { kind: "used" | "expired" | "invalid" };

async function confirm(token: string): Promise<Outcome> {
  const parsed = urlTokenSchema.safeParse(token);
  if (!parsed.success) return { kind: "invalid" };
  try {
    const done = await confirmAlertRecipient(parsed.data, await getClientIp());
    return { kind: "confirmed", email: done.email, company: done.companyName };
  } catch (error) {
    if (!(error instanceof BillingApiError) || error.status >= 500) throw error;
    if (error.code === "token_expired") return { kind: "expired" };
    if (error.code === "token_invalid") return { kind: "used" };
    return { kind: "invalid" };
  }
}

// An address someone added to a customer's billing alerts confirms here, from the e-mailed link
// (as e-mail verification does, on load). No account is needed: the link is the proof.
export default async function ConfirmAlertsPage({ params }: Props) {
  const portal = await getCurrentPortal();
  if (!portal) notFound();
  const t = await getTranslations("periods");
  const outcome = await confirm((await params).token);
  return (
    <AuthCard portal={portal} logoHref="/portal/login" title={t("alertConfirm.title")}>
      <p
        role={outcome.kind === "confirmed" ? "status" : "alert"}
        className={outcome.kind === "confirmed" ? "text-foreground text-sm" : "text-danger text-sm"}
      >
        {outcome.kind === "confirmed"
          ? t("alertConfirm.confirmed", { email: outcome.email, company: outcome.company })
          : t(`alertConfirm.${outcome.kind}`)}
      </p>
    </AuthCard>
  );
}
