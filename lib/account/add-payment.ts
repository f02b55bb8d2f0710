// Building the add-payment payload of spec 000 §3 from what a provider handed back.
import {
  gatewayFamily,
  type AddPaymentMethodPayload,
  type Gateway,
  type GatewayFamily,
} from "@/lib/schemas/account";
import { normalizeBrand } from "./card-brands";

export type PaymentKind = "CC" | "ACH";

/** Which kinds the gateway lets the customer add; neither: the dialog shows paymentMethod.disabled. */
export function enabledKinds(gateway: Pick<Gateway, "ccEnabled" | "achEnabled">): PaymentKind[] {
  return [
    ...(gateway.ccEnabled ? (["CC"] as const) : []),
    ...(gateway.achEnabled ? (["ACH"] as const) : []),
  ];
}

export type ProviderResult = {
  kind: PaymentKind;
  /** Stripe's PaymentMethod id (pm_…) or CardConnect's CardSecure token. */
  token: string;
  /** The card brand the provider reported (cards only). */
  brand?: string | null;
  isDefault: boolean;
};

/**
 * The payload for POST /api/account/payment-methods: the provider's token as payment_method_id
 * (and as token for CardConnect, whose frame calls it that), the kind in both spellings, the
 * brand for cards and the gateway's family as gateway_name. customer_id is the BFF's to set.
 */
export function buildAddPaymentPayload(
  gatewayName: string,
  result: ProviderResult,
): AddPaymentMethodPayload {
  const family: GatewayFamily | null = gatewayFamily(gatewayName);
  if (!family) throw new Error(`unsupported gateway: ${gatewayName}`);
  const card = result.kind === "CC";
  const brand = card && result.brand ? normalizeBrand(result.brand) : null;
  return {
    payment_method_id: result.token,
    paymentMethod: result.kind,
    payment_type: card ? "Credit Card" : "Bank Account",
    default: result.isDefault,
    ...(brand && brand !== "unknown" ? { type: brand } : {}),
    gateway_name: family,
    ...(family === "cardconnect" ? { token: result.token } : {}),
  };
}
