"use client";

import { useState } from "react";
import type { DialogBodyProps } from "@/lib/dialogs";
import { useRetentionOffers } from "@/lib/subscriptions/use-subscriptions";
import { CancelConfirmStep, type LeavingReason } from "./cancel-confirm-step";
import { CancelOffersStep } from "./cancel-offers-step";
import { CancelReasonStep } from "./cancel-reason-step";
import { previewMissing } from "./charge-summary";
import type { CancelSubscriptionData, DialogWork } from "./types";

type Step = "reason" | "offers" | "confirm";

const NO_REASON: LeavingReason = { code: null, text: "" };

/**
 * Cancel Subscription (spec 001 §4, issue 33 §2): up to three steps. Why (the company's reasons,
 * never required), an offer (only where the company makes one and the billing API has one for
 * this subscription), then the confirmation with its timing, last active day and last bill.
 */
export function CancelSubscriptionDialogBody({
  entry,
  onOkay,
  onCancel,
}: DialogBodyProps<CancelSubscriptionData, DialogWork>) {
  const { customerId, subscription, leaving } = entry.data;
  const reasons = leaving?.cancelReasons ?? [];
  const wantsOffers = (leaving?.offers.length ?? 0) > 0;
  const offers = useRetentionOffers(customerId, subscription.id, wantsOffers);
  const [step, setStep] = useState<Step>(
    reasons.length > 0 ? "reason" : wantsOffers ? "offers" : "confirm",
  );
  const [reason, setReason] = useState<LeavingReason>(NO_REASON);
  const [skipped, setSkipped] = useState(false);
  // No offer to make (none apply, or the billing API has none): straight to the confirmation.
  const noOffers =
    !wantsOffers ||
    (offers.isSuccess && offers.data.length === 0) ||
    (offers.isError && !offers.isFetching) ||
    previewMissing(offers.error);
  const shown: Step = step === "offers" && noOffers ? "confirm" : step;
  const first: Step = reasons.length > 0 ? "reason" : "offers";

  if (shown === "reason")
    return (
      <CancelReasonStep
        reasons={reasons}
        reason={reason}
        onChange={setReason}
        onCancel={onCancel}
        onNext={(keep) => {
          setSkipped(!keep);
          setStep("offers");
        }}
      />
    );
  if (shown === "offers")
    return (
      <CancelOffersStep
        customerId={customerId}
        subscription={subscription}
        offers={offers.data ?? []}
        loading={offers.isPending}
        pending={entry.pending}
        onOkay={onOkay}
        onDecline={() => setStep("confirm")}
        onBack={reasons.length > 0 ? () => setStep("reason") : null}
        onCancel={onCancel}
      />
    );
  return (
    <CancelConfirmStep
      customerId={customerId}
      subscription={subscription}
      reason={skipped ? NO_REASON : reason}
      pending={entry.pending}
      onOkay={onOkay}
      onCancel={onCancel}
      onBack={first === "offers" && noOffers ? null : () => setStep(noOffers ? "reason" : "offers")}
    />
  );
}
