import "server-only";
import { NextResponse } from "next/server";
import { BillingApiError } from "@/lib/billing/errors";
import { refusalCode } from "./errors";

// What a route that shows the billing API's own words adds to the BFF's common handling
// (withRoute's `refusalDetail` option; the subscriptions and plans routes, docs/CONTRACT.md §7.2):
// the upstream's own message on its refusals.

const DETAIL_STATUSES = new Set([400, 404, 409]);
const MAX_DETAIL = 300;

/**
 * The upstream's message of a refusal the customer can act on (400, 404, 409), tidied for display
 * as text; null for anything else. /v1 writes these messages for the customer (CONTRACT §7.1).
 */
export function refusalDetail(err: unknown): string | null {
  if (!(err instanceof BillingApiError) || !DETAIL_STATUSES.has(err.status)) return null;
  const text = err.message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  // The billing client's stand-in when the upstream sent no message says nothing to a customer.
  if (!text || /^billing API error \d+$/.test(text)) return null;
  return text.slice(0, MAX_DETAIL).trim();
}

/**
 * The answer to an upstream refusal with its detail, `{error: {code, message, detail}}` with the
 * upstream's status, or null when the error is not one (withRoute's `refusalDetail` option).
 */
export function refusalResponse(err: unknown): Response | null {
  const detail = refusalDetail(err);
  if (detail === null || !(err instanceof BillingApiError)) return null;
  return NextResponse.json(
    { error: { code: refusalCode(err), message: "errors.generic", detail } },
    { status: err.status },
  );
}
