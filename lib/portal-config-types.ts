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
};
