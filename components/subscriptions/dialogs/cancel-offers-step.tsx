"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { DialogFooter, PendingAnnouncement } from "@/components/dialogs/dialog-frame";
import { toastSuccess } from "@/components/feedback/toaster";
import { useFormatters } from "@/components/format/formatted-texts";
import { usePress } from "@/components/forms/use-press";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Button } from "@/components/ui/button";
import { formatLongDate } from "@/lib/format/dates";
import { isolate } from "@/lib/format/bidi";
import type { RetentionOffer, Subscription } from "@/lib/schemas/subscriptions";
import { useAcceptOfferMutation } from "@/lib/subscriptions/mutations";
import { DialogError } from "./dialog-error";
import type { DialogWork } from "./types";

type T = ReturnType<typeof useTranslations<"subscriptionDialogs.cancel">>;

/** An offer's title, its terms and what the toast says once it is accepted. */
function useOfferWords(subscription: Subscription) {
  const t: T = useTranslations("subscriptionDialogs.cancel");
  const locale = useLocale();
  const format = useFormatters();
  const money = (amount: number) => format.money(Math.abs(amount), subscription.currency);
  return (offer: RetentionOffer) => {
    const count = offer.cycles ?? 1;
    const date = offer.resumeDate ? formatLongDate(offer.resumeDate, locale) : "";
    const percent = format.number(offer.percentOff ?? 0);
    if (offer.kind === "pause")
      return {
        title: t("offer.pauseTitle"),
        text: [t("offer.pauseText", { count, date })],
        done: t("offer.pauseDone", { date }),
      };
    if (offer.kind === "discount")
      return {
        title: t("offer.discountTitle", { percent }),
        text: [t("offer.discountText", { count, percent })],
        done: t("offer.discountDone", { count, percent }),
      };
    const plan = isolate(offer.plan?.name ?? "");
    const current = isolate(
      subscription.plans.find((p) => p.id === offer.planLineId)?.name ?? subscription.id,
    );
    const now = offer.preview?.currentInvoice ?? 0;
    return {
      title: t("offer.planTitle", { plan }),
      text: [
        t("offer.planText", { plan, current, next: money(offer.preview?.nextInvoice ?? 0) }),
        ...(now > 0 ? [t("offer.planNow", { amount: money(now) })] : []),
        ...(now < 0 ? [t("offer.planCredit", { amount: money(now) })] : []),
      ],
      done: t("offer.planDone", { plan }),
    };
  };
}

/**
 * Cancel's second step (issue 33 §2), only where the company makes offers and the billing API has
 * one for this subscription: each with its terms and "Accept", which applies it and closes the
 * dialog with nothing cancelled; "No thanks, continue" is one press to the confirmation.
 */
export function CancelOffersStep({
  customerId,
  subscription,
  offers,
  loading,
  pending,
  onOkay,
  onDecline,
  onBack,
  onCancel,
}: {
  customerId: string;
  subscription: Subscription;
  offers: readonly RetentionOffer[];
  loading: boolean;
  pending: boolean;
  onOkay: (work: DialogWork) => void;
  onDecline: () => void;
  onBack: (() => void) | null;
  onCancel: () => void;
}) {
  const t = useTranslations("subscriptionDialogs.cancel");
  const { error: errorText } = useKeyTranslator();
  const words = useOfferWords(subscription);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<RetentionOffer | null>(null);
  // Focus comes to the step's heading once, as it opens; never again without the user's doing.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const accept = usePress(useAcceptOfferMutation(customerId), {
    onSuccess: (_, { offer }) => {
      const found = offers.find((o) => o.id === offer);
      if (found) toastSuccess(words(found).done);
    },
    onError: (failure) => setError(errorText(failure, t("acceptError"))),
  });
  const take = (offer: RetentionOffer) => {
    if (pending) return;
    setError(null);
    setChosen(offer);
    onOkay(accept.run({ id: subscription.id, offer: offer.id }));
  };

  return (
    <div>
      <div className="flex flex-col gap-4 px-6 pt-4">
        <div className="flex flex-col gap-1">
          <h3
            tabIndex={-1}
            ref={heading}
            className="text-foreground text-base font-semibold outline-none"
          >
            {t("offersHeading")}
          </h3>
          <p className="text-muted-foreground text-sm">{t("offersIntro")}</p>
        </div>
        {loading ? (
          <p role="status" className="text-muted-foreground text-sm">
            {t("offersLoading")}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t("offersHeading")}>
            {offers.map((offer) => {
              const w = words(offer);
              const titleId = `offer-${offer.id}`;
              return (
                <li
                  key={offer.id}
                  aria-labelledby={titleId}
                  className="border-border flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <p id={titleId} className="text-foreground text-sm font-semibold">
                      {w.title}
                    </p>
                    {w.text.map((line) => (
                      <p key={line} className="text-muted-foreground text-sm">
                        {line}
                      </p>
                    ))}
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    className="self-start"
                    aria-describedby={titleId}
                    loading={pending && chosen?.id === offer.id}
                    disabled={pending}
                    onClick={() => take(offer)}
                  >
                    {t("accept")}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <DialogError message={error} />
      </div>
      <DialogFooter>
        <PendingAnnouncement pending={pending} text={t("acceptPending")} />
        {onBack ? (
          <Button variant="ghost" disabled={pending} onClick={onBack} className="sm:me-auto">
            {t("back")}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={pending} onClick={onCancel}>
          {t("keep")}
        </Button>
        <Button disabled={pending} onClick={onDecline}>
          {t("decline")}
        </Button>
      </DialogFooter>
    </div>
  );
}
