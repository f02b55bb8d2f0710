/**
 * The strings of the hostile company (seed/hostile.ts, POST /__sandbox/companies/hostile): every
 * company-written or customer string is a distinct script-shaped payload that would set
 * `window.__xss = '<where>'` (and open an alert) if a page ever ran it as markup, as a script, as a
 * template expression or as a URL. A portal that shows them as text runs none of them. Plain data,
 * no imports: the seed and the subscriptions' field configuration both read it.
 */

/** The company's id, portal host and its one user (password: the seed's). */
export const HOSTILE_COMPANY_ID = "hostile";
export const HOSTILE_DOMAIN = "hostile.localhost";
export const HOSTILE_EMAIL = "hostile@hostile.test";

/** The ways a stored string tries to run. `W` is where the string lives, so each one is distinct. */
const SHAPES = {
  img: (w: string) => `<img src=x onerror="window.__xss='${w}';alert('${w}')">`,
  svg: (w: string) => `"><svg onload="window.__xss='${w}';alert('${w}')">`,
  script: (w: string) => `<script>window.__xss='${w}';alert('${w}')</script>`,
  template: (w: string) => `{{constructor.constructor("window.__xss='${w}'")()}}`,
  url: (w: string) => `javascript:window.__xss='${w}';alert('${w}')`,
  iframe: (w: string) => `<iframe srcdoc="<script>parent.__xss='${w}'</script>"></iframe>`,
  attr: (w: string) => `' autofocus onfocus='window.__xss="${w}"' x='`,
  details: (w: string) => `<details open ontoggle="window.__xss='${w}'">${w}</details>`,
} as const;
type Shape = keyof typeof SHAPES;

/** Where each payload lives → the shape it takes there. */
const PLACES = {
  // The company and its customer (sign-in page, top bar, statements).
  companyName: "img",
  customerName: "svg",
  accountNumber: "template",
  // Contact details, payment methods and bank-transfer details (account page).
  contactFirstName: "script",
  contactLastName: "img",
  contactAddress1: "svg",
  contactAddress2: "iframe",
  contactCity: "url",
  contactState: "template",
  contactJobTitle: "details",
  contactDepartment: "attr",
  bankAccountName: "img",
  achBankName: "svg",
  // Custom field labels (object configuration) of every list, and their values.
  invoiceFieldLabel: "script",
  invoiceNoteLabel: "svg",
  invoiceFileLabel: "img",
  paymentFieldLabel: "template",
  usageFieldLabel: "details",
  creditFieldLabel: "iframe",
  statementFieldLabel: "url",
  invoiceFieldValue1: "img",
  invoiceFieldValue2: "svg",
  invoiceFieldValue3: "script",
  invoiceNoteValue: "iframe",
  invoiceFileName: "attr",
  paymentFieldValue: "svg",
  usageFieldValue: "script",
  creditFieldValue: "img",
  statementFieldValue: "template",
  // The company's display names of built-in invoice columns (column configuration).
  columnInvoiceDate: "svg",
  columnStatus: "script",
  columnBalance: "details",
  // Free text of the list rows.
  invoiceSalesforceId: "url",
  paymentMethod: "img",
  usageDescription: "svg",
  usageUnit: "template",
  creditReference: "script",
  statementCustomerName: "details",
  // The plan catalogue and the customer's subscriptions.
  planName1: "img",
  planDescription1: "svg",
  chargeName1a: "script",
  chargeName1b: "template",
  chargeUnit1: "details",
  planName2: "svg",
  planDescription2: "iframe",
  chargeName2: "img",
  planName3: "script",
  chargeName3: "attr",
  subscriptionName: "details",
  subscriptionDescription: "img",
  subscriptionPoNumber: "svg",
  subscriptionCrmReference: "script",
  cancelledSubscriptionName: "template",
  // The company's display names of subscription fields (its field configuration).
  fieldLabelPoNumber: "img",
  fieldLabelDescription: "iframe",
  fieldLabelCrmReference: "svg",
} as const satisfies Record<string, Shape>;

export type HostilePlace = keyof typeof PLACES;

const kebab = (name: string) => name.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`);

/** Every payload by where it lives; `window.__xss` would name that place (e.g. 'company-name'). */
export const HOSTILE_PAYLOADS = Object.fromEntries(
  Object.entries(PLACES).map(([place, shape]) => [place, SHAPES[shape](kebab(place))]),
) as Record<HostilePlace, string>;

/**
 * The company's URLs: `javascript:` for the logo and the terms, plain http to another host for the
 * banner and the privacy notice. The portal may link or load none of them (docs/SECURITY.md §9).
 */
export const HOSTILE_URLS = {
  logo: "javascript:window.__xss='logo-url';alert('logo-url')",
  tnc: "javascript:window.__xss='tnc-url';alert('tnc-url')",
  banner: "http://evil.example/banner.png",
  privacy: "http://evil.example/privacy",
} as const;
