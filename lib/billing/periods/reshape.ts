import "server-only";
import type { z } from "zod";
import { parseDto } from "@/lib/billing/dto";
import type { PeriodEstimate } from "@/lib/schemas/periods";
import { customerPeriodEstimateDto } from "./wire";

// The period estimate's reshape (docs/CONTRACT.md §7.3): the /v1 answer, validated by its reader,
// into the app's shape (lib/schemas/periods.ts). A shape it does not understand is a 502 (parseDto).

type Dto = z.output<typeof customerPeriodEstimateDto>;

/** GET /v1/customers/period_estimate `data` → PeriodEstimate. */
export function reshapePeriodEstimate(data: unknown): PeriodEstimate {
  const dto: Dto = parseDto(customerPeriodEstimateDto, data, "period estimate");
  return {
    today: dto.today,
    subscriptions: dto.subscriptions.map((s) => ({
      id: s.subscription_id,
      name: s.subscription_name,
      status: s.status,
      currency: s.currency.toUpperCase(),
      cancellationDate: s.cancellation_date,
      period: s.period,
      nextInvoiceDate: s.next_invoice_date,
      costSoFar: s.cost_so_far,
      recurringSoFar: s.recurring_so_far,
      usageSoFar: s.usage_so_far,
      projectedTotal: s.projected_total,
      creditsApplied: s.credits_applied,
      projectedAmountDue: s.projected_amount_due,
      nextDocument: s.next_document,
      discount: s.discount,
      resumeDate: s.resume_date,
      lines: s.lines.map((l) => ({
        id: l.charge_line_id,
        planName: l.plan_name,
        chargeName: l.charge_name,
        pricingModel: l.pricing_model,
        quantity: l.quantity,
        unitOfMeasure: l.unit_of_measure,
        costSoFar: l.cost_so_far,
        nextInvoiceAmount: l.next_invoice_amount,
        billedPeriod: l.billed_period,
      })),
    })),
    totals: dto.totals.map((t) => ({
      currency: t.currency.toUpperCase(),
      costSoFar: t.cost_so_far,
      projectedTotal: t.projected_total,
      creditsApplied: t.credits_applied,
      projectedAmountDue: t.projected_amount_due,
      creditBalance: t.credit_balance,
      nextInvoiceDate: t.next_invoice_date,
    })),
  };
}
