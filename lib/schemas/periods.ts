// The current billing period as the app holds it (docs/CONTRACT.md §7.3): the "This period" card's
// data, reshaped from GET /v1/customers/period_estimate by lib/billing/periods. Days are
// `YYYY-MM-DD` (US Eastern), ranges name their last day, amounts are in their currency's units.

import type { PricingModel, SubscriptionStatus } from "@billing-portal/contract/enums";

/** A range of days, both ends included. */
export type DayRange = { start: string; end: string };

export type PeriodLine = {
  id: string;
  planName: string;
  chargeName: string;
  pricingModel: PricingModel;
  /** Usage-based: the usage recorded in the period so far; else the line's quantity. */
  quantity: number;
  unitOfMeasure: string | null;
  costSoFar: number;
  nextInvoiceAmount: number;
  /** What nextInvoiceAmount pays for; null when the line adds nothing to the next invoice. */
  billedPeriod: DayRange | null;
};

export type SubscriptionPeriod = {
  id: string;
  name: string;
  status: SubscriptionStatus;
  currency: string;
  cancellationDate: string | null;
  /** Null when not in service; while paused, the pause. */
  period: DayRange | null;
  nextInvoiceDate: string | null;
  costSoFar: number;
  recurringSoFar: number;
  usageSoFar: number;
  projectedTotal: number;
  creditsApplied: number;
  projectedAmountDue: number;
  lines: PeriodLine[];
  /** What closes the period on nextInvoiceDate (docs/CONTRACT.md §7.3). */
  nextDocument: "invoice" | "pause_bill" | "last_bill" | "resumption";
  /** Taken off by an accepted discount (0 or less), within projectedTotal. */
  discount: number;
  /** A pause set or running: the day billing resumes; else null. */
  resumeDate: string | null;
};

export type PeriodTotal = {
  currency: string;
  costSoFar: number;
  projectedTotal: number;
  creditsApplied: number;
  projectedAmountDue: number;
  creditBalance: number;
  nextInvoiceDate: string | null;
};

export type PeriodEstimate = {
  today: string;
  subscriptions: SubscriptionPeriod[];
  totals: PeriodTotal[];
};
