/**
 * The CardConnect hosted iFrame tokenizer double, served by the sandbox at the real frame's path
 * /itoke/ajax-tokenizer.html (bundled for the browser). It speaks the real frame's protocol: after
 * a valid entry it posts `JSON.stringify({ message: token, expiry? })` to `window.parent` with
 * target origin "*"; after an invalid one (when asked to, see `invalidinputevent`) it posts
 * `JSON.stringify({ validationError })`. The page must check `event.origin` itself.
 *
 * Query options honoured (all optional, booleans are "true"):
 *   css                     style sheet for the frame (url(), @import and expressions removed)
 *   formatinput             groups card digits ("4111 1111 1111 1111")
 *   cardnumbernumericonly   only digits in the number field (which rules out "routing/account")
 *   tokenizewheninactive    tokenize after `inactivityto` ms (default 500) without typing,
 *                           instead of when the field loses focus
 *   invalidinputevent       post validationError for any invalid field; or per field:
 *                           invalidcreditcardevent, invalidexpiryevent, invalidcvvevent
 *   enhancedresponse        post { token, errorCode, errorMessage, expiry? } instead
 *   useexpiry               month and year drop-downs; useexpiryfield: text fields instead;
 *                           usemonthnames: month names in the drop-down
 *   usecvv                  a CVV field (required before tokenizing when shown)
 *   placeholder, placeholdermonth, placeholderyear, placeholdercvv
 *   cardlabel, expirylabel, cvvlabel, cardtitle, expirytitle, cvvtitle
 *   orientation             horizontal (one line) | vertical | default
 *   autofocus, fullmobilekeyboard (text keyboard, for "/"), unique (a fresh token every time),
 *   tokenpropname           the token's property name instead of "message"
 *
 * ACH: as with the real tokenizer, a bank account is typed into the number field as
 * "routing/account" (e.g. 036001808/123456789); the token then ends with the account's last four.
 */
import {
  accountNumberValid,
  digitsOf,
  formatCardNumber,
  luhnValid,
  routingNumberValid,
} from "../card-rules";

const TOKENIZE_PATH = "/cardsecure/api/v1/ccn/tokenize";
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const query = new URLSearchParams(location.search);
const flag = (name: string) => query.get(name)?.toLowerCase() === "true";
const textOption = (name: string, fallback: string) => {
  const v = query.get(name);
  return v === null ? fallback : v.slice(0, 200);
};

const options = {
  formatInput: flag("formatinput"),
  numericOnly: flag("cardnumbernumericonly"),
  whenInactive: flag("tokenizewheninactive"),
  inactivityMs: Math.min(Math.max(Number(query.get("inactivityto")) || 500, 0), 60_000),
  invalidAny: flag("invalidinputevent"),
  invalidCard: flag("invalidcreditcardevent"),
  invalidExpiry: flag("invalidexpiryevent"),
  invalidCvv: flag("invalidcvvevent"),
  enhanced: flag("enhancedresponse"),
  useExpiry: flag("useexpiry") || flag("useexpiryfield"),
  expiryFields: flag("useexpiryfield"),
  monthNames: flag("usemonthnames"),
  useCvv: flag("usecvv"),
  unique: flag("unique"),
  autofocus: flag("autofocus"),
  fullKeyboard: flag("fullmobilekeyboard"),
  orientation: query.get("orientation") ?? "default",
  tokenProp: /^[A-Za-z_]\w{0,40}$/.test(query.get("tokenpropname") ?? "")
    ? (query.get("tokenpropname") as string)
    : "message",
};

/** The page's css option, without anything that could load a resource or run code. */
function safeCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, "")
    .replace(/url\s*\([^)]*\)/gi, "none")
    .replace(/expression\s*\(/gi, "(")
    .replace(/javascript:/gi, "")
    .replace(/<\/?style/gi, "");
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  return node;
}

type Kind = "card" | "ach";
type Field = "card" | "expiry" | "cvv";
const MESSAGES: Record<Field | "ach", string> = {
  card: "Invalid card number",
  ach: "Invalid routing/account number",
  expiry: "Invalid expiration date",
  cvv: "Invalid CVV",
};

function build() {
  if (query.has("css")) {
    const style = document.createElement("style");
    style.textContent = safeCss(query.get("css") ?? "");
    document.head.appendChild(style);
  }
  const br = () => (options.orientation === "horizontal" ? document.createTextNode(" ") : el("br"));
  const form = el("form", { id: "tokenform", name: "tokenform", novalidate: "" });

  const cardLabel = el("label", { id: "cccardlabel", for: "ccnumfield" });
  cardLabel.textContent = textOption("cardlabel", "Card Number");
  const number = el("input", {
    id: "ccnumfield",
    name: "ccnumfield",
    type: options.fullKeyboard ? "text" : "tel",
    inputmode: options.fullKeyboard ? "text" : "numeric",
    autocomplete: "cc-number",
    placeholder: query.get("placeholder") ?? undefined,
    title: query.get("cardtitle") ?? undefined,
    maxlength: "40",
    "aria-invalid": "false",
  });
  form.append(cardLabel, br(), number);

  let month: HTMLSelectElement | HTMLInputElement | null = null;
  let year: HTMLSelectElement | HTMLInputElement | null = null;
  if (options.useExpiry) {
    const thisYear = new Date().getFullYear();
    const label = el("label", {
      id: "ccexpirylabel",
      for: options.expiryFields ? "ccexpiryfieldmonth" : "ccexpirymonth",
    });
    label.textContent = textOption("expirylabel", "Expiration Date");
    const title = query.get("expirytitle") ?? undefined;
    if (options.expiryFields) {
      month = el("input", {
        id: "ccexpiryfieldmonth",
        name: "ccexpiryfieldmonth",
        inputmode: "numeric",
        maxlength: "2",
        autocomplete: "cc-exp-month",
        placeholder: textOption("placeholdermonth", "MM"),
        title,
      });
      year = el("input", {
        id: "ccexpiryfieldyear",
        name: "ccexpiryfieldyear",
        inputmode: "numeric",
        maxlength: "4",
        autocomplete: "cc-exp-year",
        placeholder: textOption("placeholderyear", "YYYY"),
        title,
        "aria-label": "Expiration year",
      });
    } else {
      const m = el("select", {
        id: "ccexpirymonth",
        name: "ccexpirymonth",
        autocomplete: "cc-exp-month",
        title,
      });
      m.append(new Option(textOption("placeholdermonth", "Month"), ""));
      for (let i = 1; i <= 12; i++) {
        m.append(
          new Option(
            options.monthNames ? MONTH_NAMES[i - 1]! : String(i).padStart(2, "0"),
            String(i),
          ),
        );
      }
      const y = el("select", {
        id: "ccexpiryyear",
        name: "ccexpiryyear",
        autocomplete: "cc-exp-year",
        title,
        "aria-label": "Expiration year",
      });
      y.append(new Option(textOption("placeholderyear", "Year"), ""));
      for (let i = 0; i <= 20; i++)
        y.append(new Option(String(thisYear + i), String(thisYear + i)));
      month = m;
      year = y;
    }
    form.append(br(), label, br(), month, year);
  }

  let cvv: HTMLInputElement | null = null;
  if (options.useCvv) {
    const label = el("label", { id: "cccvvlabel", for: "cccvvfield" });
    label.textContent = textOption("cvvlabel", "CVV");
    cvv = el("input", {
      id: "cccvvfield",
      name: "cccvvfield",
      type: "tel",
      inputmode: "numeric",
      maxlength: "4",
      autocomplete: "cc-csc",
      placeholder: query.get("placeholdercvv") ?? undefined,
      title: query.get("cvvtitle") ?? undefined,
      "aria-invalid": "false",
    });
    form.append(br(), label, br(), cvv);
  }
  document.body.appendChild(form);
  return { form, number, month, year, cvv };
}

const { form, number, month, year, cvv } = build();

function post(payload: Record<string, string>) {
  // As the real frame does: a JSON string to any origin; the page checks event.origin.
  window.parent.postMessage(JSON.stringify(payload), "*");
}

function markError(node: HTMLElement | null, on: boolean) {
  if (!node) return;
  node.classList.toggle("error", on);
  node.setAttribute("aria-invalid", on ? "true" : "false");
}

function reportInvalid(field: Field, kind: Kind) {
  const wanted =
    options.invalidAny ||
    (field === "card" && options.invalidCard) ||
    (field === "expiry" && options.invalidExpiry) ||
    (field === "cvv" && options.invalidCvv);
  if (wanted)
    post({ validationError: MESSAGES[field === "card" && kind === "ach" ? "ach" : field] });
}

function readNumber(): { kind: Kind; valid: boolean; account: string } | null {
  const raw = number.value.trim();
  if (raw === "") return null;
  const ach = /^(\d{9})\s*\/\s*(\d+)$/.exec(raw);
  if (ach?.[1] && ach[2]) {
    return {
      kind: "ach",
      valid: routingNumberValid(ach[1]) && accountNumberValid(ach[2]),
      account: `${ach[1]}/${ach[2]}`,
    };
  }
  const digits = digitsOf(raw);
  const valid =
    !/[^\d\s-]/.test(raw) && digits.length >= 12 && digits.length <= 19 && luhnValid(digits);
  return { kind: "card", valid, account: digits };
}

function readExpiry(): { month: number; year: number } | "empty" | "invalid" {
  if (!month || !year) return "empty";
  if (month.value === "" && year.value === "") return "empty";
  const m = Number(month.value);
  const y = Number(year.value.length === 2 ? `20${year.value}` : year.value);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !/^\d{2,4}$/.test(year.value)) return "invalid";
  const now = new Date();
  if (
    y < now.getFullYear() ||
    (y === now.getFullYear() && m < now.getMonth() + 1) ||
    y > now.getFullYear() + 20
  ) {
    return "invalid";
  }
  return { month: m, year: y };
}

const touched = { expiry: false, cvv: false };
let lastTokenized = "";

async function attempt(): Promise<void> {
  const entry = readNumber();
  if (!entry) {
    markError(number, false);
    return;
  }
  if (!entry.valid) {
    markError(number, true);
    reportInvalid("card", entry.kind);
    lastTokenized = "";
    return;
  }
  markError(number, false);

  let expiry: { month: number; year: number } | null = null;
  if (entry.kind === "card" && options.useExpiry) {
    const read = readExpiry();
    if (read === "invalid" || (read === "empty" && touched.expiry)) {
      markError(month, true);
      markError(year, true);
      if (touched.expiry) reportInvalid("expiry", entry.kind);
      return;
    }
    markError(month, false);
    markError(year, false);
    if (read === "empty") return; // wait for the expiry before tokenizing
    expiry = read;
  }
  let cvvValue: string | null = null;
  if (entry.kind === "card" && cvv) {
    const ok = /^\d{3,4}$/.test(cvv.value);
    if (!ok) {
      const show = touched.cvv && cvv.value !== "";
      markError(cvv, show);
      if (show) reportInvalid("cvv", entry.kind);
      return; // the CVV must be given before tokenizing when the field is shown
    }
    markError(cvv, false);
    cvvValue = cvv.value;
  }

  const signature = JSON.stringify([entry.account, expiry, cvvValue]);
  if (signature === lastTokenized) return;
  lastTokenized = signature;

  // YYYYMM for CardSecure; the page gets the frame's own format (see below).
  const apiExpiry = expiry ? `${expiry.year}${String(expiry.month).padStart(2, "0")}` : undefined;
  let token = "";
  let errorMessage = "";
  try {
    const res = await fetch(TOKENIZE_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        account: entry.account,
        expiry: apiExpiry,
        cvv: cvvValue ?? undefined,
        unique: options.unique,
      }),
      credentials: "omit",
    });
    const json: unknown = await res.json();
    if (json && typeof json === "object") {
      if ("token" in json && typeof json.token === "string") token = json.token;
      if ("message" in json && typeof json.message === "string") errorMessage = json.message;
    }
  } catch {
    errorMessage = "Tokenization failed";
  }
  if (signature !== lastTokenized) return; // the entry changed while the request was out

  // The real frame builds expiry as year + month without padding: "202712", or "20279" for
  // September. Pages must read both shapes.
  const frameExpiry = expiry ? `${expiry.year}${expiry.month}` : undefined;
  if (!token) {
    lastTokenized = "";
    markError(number, true);
    if (options.enhanced)
      post({ token: "", errorCode: "1", errorMessage: errorMessage || MESSAGES.card });
    else post({ validationError: errorMessage || MESSAGES.card });
    return;
  }
  const payload: Record<string, string> = options.enhanced
    ? { token, errorCode: "0", errorMessage: "" }
    : { [options.tokenProp]: token };
  if (frameExpiry) payload.expiry = frameExpiry;
  post(payload);
}

let timer: ReturnType<typeof setTimeout> | undefined;
function scheduleInactive() {
  if (!options.whenInactive) return;
  clearTimeout(timer);
  timer = setTimeout(() => void attempt(), options.inactivityMs);
}

number.addEventListener("input", () => {
  let value = number.value;
  if (options.numericOnly) value = digitsOf(value);
  if (options.formatInput && !value.includes("/"))
    value = formatCardNumber(digitsOf(value).slice(0, 19));
  if (value !== number.value) number.value = value;
  markError(number, false);
  scheduleInactive();
});
number.addEventListener("change", () => void attempt());
number.addEventListener("blur", () => {
  if (!options.whenInactive) void attempt();
});

for (const field of [month, year]) {
  field?.addEventListener("change", () => {
    touched.expiry = true;
    void attempt();
  });
  field?.addEventListener("input", scheduleInactive);
}
cvv?.addEventListener("input", () => {
  cvv.value = digitsOf(cvv.value).slice(0, 4);
  scheduleInactive();
});
cvv?.addEventListener("change", () => {
  touched.cvv = true;
  void attempt();
});
form.addEventListener("submit", (event) => {
  event.preventDefault();
  touched.expiry = true;
  touched.cvv = true;
  void attempt();
});

if (options.autofocus) number.focus();
