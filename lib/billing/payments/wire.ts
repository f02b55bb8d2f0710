import "server-only";
import type { CreatedPaymentDto } from "@billing-portal/contract/wire/payments";
import { z } from "zod";
import { readerOf } from "../reader";

// The readers of /v1/payments (contract/src/wire/payments.ts; docs/CONTRACT.md §7.5). Server-only:
// the upstream's answers are untrusted and validated here before reshape.ts.

const id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200));

export const createdPaymentDto = readerOf<CreatedPaymentDto>()(
  z.object({
    id,
    payment_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    amount: z.number().finite(),
    currency: z.string().regex(/^[A-Za-z]{3}$/),
    payment_method: z.string().max(200),
    allocations: z
      .array(
        z.object({
          invoice_id: id,
          amount: z.number().finite(),
          balance_after: z.number().finite(),
        }),
      )
      .max(1000),
  }),
);

export const payNowUrlDto = z.object({ payNowUrl: z.string().max(4096) });
export const receiptUrlDto = z.object({ receipt_url: z.string().max(4096) });
