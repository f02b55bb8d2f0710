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
};

/** Which optional document operations the billing API offers: the buttons shown for them. */
export type DocumentOperations = { zips: boolean; exportDownloads: boolean };
