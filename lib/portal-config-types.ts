import type { CancelReason, RetentionOfferKind } from "@billing-portal/contract/enums";

/** A company's portal configuration, as the app uses it (validated from the API's DTO). */
export type PortalConfig = {
  companyId: string;
  name: string;
  host: string;
  /** #rrggbb */
  primaryColor: string;
  logoUrl: string | null;
  bannerUrl: string | null;
  tncUrl: string | null;
  privacyUrl: string | null;
  displayTncPrivacyUrl: boolean;
  enabledTabs: string[];
  gateway: "stripe" | "cardconnect";
  /**
   * Payments of chosen invoices (docs/CONTRACT.md §7.5); null when the billing API takes none
   * (the portal pays through the hosted pay-now page alone).
   */
  payments: { partialAllowed: boolean; partialMinimum: number | null } | null;
  /** The optional document operations (docs/CONTRACT.md §5); absent upstream, neither. */
  documents: DocumentOperations;
  /**
   * Leaving on fair terms (docs/CONTRACT.md §7.1 "Leaving", "Pause and offers"): the reasons asked,
   * pausing, the offers. Null when the billing API has none of them.
   */
  subscriptions: LeavingSettings | null;
  /**
   * The company's sign-in policy (issue 34 §1): a user without a second factor sets one up right
   * after the password, before reaching anything else.
   */
  secondFactorRequired: boolean;
  /** Passkeys can be added here (the host is a domain name: a WebAuthn relying party). */
  passkeys: boolean;
  /** A passkey may sign in on its own, without the password. */
  passkeySignIn: boolean;
};

/** What the company offers a customer who is leaving or wants a break. */
export type LeavingSettings = {
  cancelReasons: CancelReason[];
  /** The most cycles of a pause; null: the company does not let customers pause. */
  pauseMaxCycles: number | null;
  offers: RetentionOfferKind[];
};

/** Which optional document operations the billing API offers: the buttons shown for them. */
export type DocumentOperations = { zips: boolean; exportDownloads: boolean };
