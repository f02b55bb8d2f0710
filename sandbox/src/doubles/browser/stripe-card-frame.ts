/**
 * The card frame of the Stripe.js double, served by the sandbox at
 * /__sandbox/stripe/card-frame.html and bundled for the browser. Like Stripe's own frame, it holds
 * the card inputs on the provider's origin, so card numbers never live in the portal's DOM: the
 * page learns only brand, completeness and errors, and receives a PaymentMethod created from here.
 *
 * The fragment carries the page's origin and a channel id; the frame listens only to messages from
 * that origin and from its parent window, and posts only to that origin.
 */
import {
  checkCardNumber,
  checkCvc,
  checkExpiry,
  checkPostalCode,
  cvcLengths,
  detectBrand,
  digitsOf,
  formatCardNumber,
  formatExpiryInput,
  maxCardDigits,
  MESSAGES,
  type FieldCheck,
  type ValidationError,
} from "../card-rules";
import {
  FROM_FRAME,
  FROM_PAGE,
  PATHS,
  frameParamsSchema,
  pageMessageSchema,
  stripeErrorSchema,
  type BillingDetails,
  type CardState,
  type FrameEvent,
  type FrameOptions,
  type FrameParams,
  type TokenizeResult,
} from "./stripe-protocol";

type FieldName = "number" | "expiry" | "cvc" | "postal";

function readParams(): FrameParams | null {
  const hash = new URLSearchParams(location.hash.slice(1));
  let options: unknown = {};
  try {
    options = JSON.parse(hash.get("options") ?? "{}");
  } catch {
    return null;
  }
  const parsed = frameParamsSchema.safeParse({
    channel: hash.get("channel"),
    origin: hash.get("origin"),
    options,
  });
  if (!parsed.success) return null;
  // The origin must be exactly an origin (no path, no trailing slash).
  if (new URL(parsed.data.origin).origin !== parsed.data.origin) return null;
  return parsed.data;
}

// ------------------------------------------------------------------------------------------
// Styles: Stripe's `style` option is CSS properties per state; only safe values get through.

const CSS_PROPERTIES: Record<string, string> = {
  backgroundColor: "background-color",
  color: "color",
  fontFamily: "font-family",
  fontSize: "font-size",
  fontSmoothing: "-webkit-font-smoothing",
  fontStyle: "font-style",
  fontVariant: "font-variant",
  fontWeight: "font-weight",
  lineHeight: "line-height",
  letterSpacing: "letter-spacing",
  textAlign: "text-align",
  padding: "padding",
  textDecoration: "text-decoration",
  textShadow: "text-shadow",
  textTransform: "text-transform",
};
const PSEUDOS = [":hover", ":focus", "::placeholder", "::selection", ":disabled"] as const;
// No url(), no escapes, no at-rules, no expressions: colours, lengths, font names.
const SAFE_VALUE = /^[\w\s#%.,'"()+-]*$/;

function declarations(value: unknown): string {
  if (!value || typeof value !== "object") return "";
  const out: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const property = CSS_PROPERTIES[key];
    if (!property || (typeof v !== "string" && typeof v !== "number")) continue;
    const text = String(v);
    if (!SAFE_VALUE.test(text) || /url\s*\(|expression\s*\(/i.test(text)) continue;
    out.push(`${property}:${text}`);
  }
  return out.join(";");
}

const DEFAULT_STYLE = {
  base: {
    color: "#32325d",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontSize: "16px",
    lineHeight: "1.4",
    "::placeholder": { color: "#6b7280" },
  },
  invalid: { color: "#b91c1c" },
} as const;

function stylesheet(style: FrameOptions["style"]): string {
  const variants: Record<string, string> = {
    base: "input",
    complete: ".complete input",
    empty: ".empty input",
    invalid: 'input[aria-invalid="true"]',
  };
  const rules: string[] = [
    "html,body{margin:0;padding:0;background:transparent;overflow:hidden}",
    ".card{display:flex;align-items:center;gap:8px;min-width:0}",
    "input{border:0;outline:0;background:transparent;padding:0;margin:0;min-width:0;font:inherit}",
    ".number{flex:1 1 auto}.expiry{flex:0 0 5.2em}.cvc{flex:0 0 3.4em}.postal{flex:0 0 5.4em}",
    ".brand{flex:0 0 auto;font:600 10px/1 system-ui,sans-serif;letter-spacing:.04em;border:1px solid currentColor;border-radius:3px;padding:3px 4px;opacity:.75}",
    ".hidden{display:none}",
  ];
  for (const source of [DEFAULT_STYLE, style ?? {}]) {
    for (const [variant, selector] of Object.entries(variants)) {
      const value = (source as Record<string, unknown>)[variant];
      if (!value || typeof value !== "object") continue;
      const own = declarations(value);
      if (own) rules.push(`${selector}{${own}}`);
      if (variant === "base" && own)
        rules.push(
          `.brand{${declarations({ color: (value as Record<string, unknown>).iconColor ?? (value as Record<string, unknown>).color })}}`,
        );
      for (const pseudo of PSEUDOS) {
        const nested = declarations((value as Record<string, unknown>)[pseudo]);
        if (nested) rules.push(`${selector}${pseudo}{${nested}}`);
      }
    }
  }
  return rules.join("\n");
}

// ------------------------------------------------------------------------------------------

const BRAND_BADGES: Record<string, string> = {
  visa: "VISA",
  mastercard: "MC",
  amex: "AMEX",
  discover: "DISC",
  diners: "DINERS",
  jcb: "JCB",
  unionpay: "UPI",
  unknown: "CARD",
};

function makeInput(
  className: string,
  name: string,
  label: string,
  placeholder: string,
  autocomplete: string,
  inputMode: "numeric" | "text",
): HTMLInputElement {
  const input = document.createElement("input");
  input.className = className;
  input.name = name;
  input.type = "text";
  input.setAttribute("aria-label", label);
  input.placeholder = placeholder;
  input.setAttribute("autocomplete", autocomplete);
  input.inputMode = inputMode;
  input.spellcheck = false;
  input.setAttribute("autocorrect", "off");
  return input;
}

/** Rewrites an input's value and keeps the caret after the same number of digits. */
function rewrite(input: HTMLInputElement, next: string): void {
  if (input.value === next) return;
  const caret = input.selectionStart ?? input.value.length;
  const atEnd = caret >= input.value.length;
  const digitsBefore = digitsOf(input.value.slice(0, caret)).length;
  input.value = next;
  if (atEnd || document.activeElement !== input) return;
  let pos = 0;
  for (let seen = 0; pos < next.length && seen < digitsBefore; pos++) {
    if (/\d/.test(next[pos]!)) seen++;
  }
  input.setSelectionRange(pos, pos);
}

function start(params: FrameParams): void {
  const { channel, origin } = params;
  let options: FrameOptions = params.options;
  const base = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);

  const post = (message: FrameEvent) => {
    window.parent.postMessage({ source: FROM_FRAME, channel, ...message }, origin);
  };

  const style = document.createElement("style");
  document.head.appendChild(style);

  const root = document.createElement("div");
  root.className = "card empty";
  const badge = document.createElement("span");
  badge.className = "brand";
  badge.setAttribute("aria-hidden", "true");
  const number = makeInput(
    "number",
    "cardnumber",
    "Credit or debit card number",
    "Card number",
    "cc-number",
    "numeric",
  );
  const expiry = makeInput(
    "expiry",
    "exp-date",
    "Credit or debit card expiration date",
    "MM / YY",
    "cc-exp",
    "numeric",
  );
  const cvc = makeInput("cvc", "cvc", "Credit or debit card CVC/CVV", "CVC", "cc-csc", "numeric");
  const postal = makeInput("postal", "postal", "ZIP", "ZIP", "postal-code", "text");
  postal.maxLength = 10;
  root.append(badge, number, expiry, cvc, postal);
  document.body.appendChild(root);

  const inputs: Record<FieldName, HTMLInputElement> = { number, expiry, cvc, postal };
  /** Left once with something typed: incomplete errors show from then on (as in Stripe.js). */
  const touched: Record<FieldName, boolean> = {
    number: false,
    expiry: false,
    cvc: false,
    postal: false,
  };

  function applyOptions() {
    style.textContent = stylesheet(options.style);
    postal.classList.toggle("hidden", options.hidePostalCode === true);
    badge.classList.toggle("hidden", options.hideIcon === true);
    for (const input of Object.values(inputs)) input.disabled = options.disabled === true;
    if (options.postalCode !== undefined) postal.value = options.postalCode;
    reportSize();
  }

  function checks(): Record<FieldName, FieldCheck> {
    const brand = detectBrand(number.value);
    return {
      number: checkCardNumber(number.value),
      expiry: checkExpiry(expiry.value, new Date()),
      cvc: checkCvc(cvc.value, brand),
      postal: options.hidePostalCode
        ? { complete: true, error: null, incompleteError: null }
        : checkPostalCode(postal.value),
    };
  }

  function state(): CardState {
    const c = checks();
    let error: ValidationError | undefined;
    for (const name of ["number", "expiry", "cvc", "postal"] as const) {
      const field = c[name];
      const shown =
        field.error ?? (touched[name] && !field.complete ? field.incompleteError : null);
      inputs[name].setAttribute("aria-invalid", shown ? "true" : "false");
      if (shown && !error) error = shown;
    }
    const visible = options.hidePostalCode ? [number, expiry, cvc] : [number, expiry, cvc, postal];
    const empty = visible.every((i) => i.value.trim() === "");
    const complete = Object.values(c).every((f) => f.complete);
    root.classList.toggle("empty", empty);
    root.classList.toggle("complete", complete);
    const brand = detectBrand(number.value);
    badge.textContent = BRAND_BADGES[brand] ?? "CARD";
    badge.dataset.brand = brand;
    return {
      elementType: "card",
      empty,
      complete,
      brand,
      ...(error ? { error } : {}),
      value: { postalCode: options.hidePostalCode ? "" : postal.value },
    };
  }

  const emitChange = () => post({ kind: "change", state: state() });

  let lastHeight = -1;
  function reportSize() {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post({ kind: "resize", height });
    }
  }

  const advance = (from: FieldName, to: HTMLInputElement) => {
    if (checks()[from].complete && document.activeElement === inputs[from] && !to.disabled) {
      if (to !== postal || !options.hidePostalCode) to.focus();
    }
  };

  number.addEventListener("input", () => {
    const brand = detectBrand(number.value);
    rewrite(number, formatCardNumber(digitsOf(number.value).slice(0, maxCardDigits(brand))));
    const maxCvc = Math.max(...cvcLengths(detectBrand(number.value)));
    if (cvc.value.length > maxCvc) cvc.value = cvc.value.slice(0, maxCvc);
    emitChange();
    advance("number", expiry);
  });
  expiry.addEventListener("input", (event) => {
    const deleting = event instanceof InputEvent && event.inputType.startsWith("delete");
    rewrite(expiry, formatExpiryInput(expiry.value, deleting));
    emitChange();
    advance("expiry", cvc);
  });
  cvc.addEventListener("input", () => {
    const max = Math.max(...cvcLengths(detectBrand(number.value)));
    rewrite(cvc, digitsOf(cvc.value).slice(0, max));
    emitChange();
    advance("cvc", postal);
  });
  postal.addEventListener("input", emitChange);

  for (const name of Object.keys(inputs) as FieldName[]) {
    inputs[name].addEventListener("blur", () => {
      if (inputs[name].value.trim() !== "" && !touched[name]) {
        touched[name] = true;
        emitChange();
      }
    });
  }

  // Focus and blur of the element as a whole, not of each input.
  let focused = false;
  root.addEventListener("focusin", () => {
    if (focused) return;
    focused = true;
    post({ kind: "focus" });
  });
  const checkBlur = () => {
    setTimeout(() => {
      const inside = root.contains(document.activeElement) && document.hasFocus();
      if (focused && !inside) {
        focused = false;
        post({ kind: "blur" });
      }
    }, 0);
  };
  root.addEventListener("focusout", checkBlur);
  window.addEventListener("blur", checkBlur);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape") post({ kind: "escape" });
  });

  async function tokenize(
    key: string,
    billing: BillingDetails | undefined,
  ): Promise<TokenizeResult> {
    for (const name of Object.keys(touched) as FieldName[]) touched[name] = true;
    const current = state();
    post({ kind: "change", state: current });
    if (!current.complete) return { error: current.error ?? MESSAGES.incompleteNumber };

    const body = new URLSearchParams();
    body.set("type", "card");
    body.set("card[number]", digitsOf(number.value));
    const exp = digitsOf(expiry.value);
    body.set("card[exp_month]", exp.slice(0, 2));
    body.set("card[exp_year]", exp.slice(2, 4));
    body.set("card[cvc]", cvc.value);
    const address = { ...billing?.address };
    if (!options.hidePostalCode && address.postal_code === undefined)
      address.postal_code = postal.value;
    const details: Record<string, string | undefined> = {
      name: billing?.name,
      email: billing?.email,
      phone: billing?.phone,
    };
    for (const [k, v] of Object.entries(details))
      if (v !== undefined) body.set(`billing_details[${k}]`, v);
    for (const [k, v] of Object.entries(address)) {
      if (v !== undefined) body.set(`billing_details[address][${k}]`, v);
    }
    body.set("key", key);
    try {
      const res = await fetch(`${base}${PATHS.paymentMethods}`, {
        method: "POST",
        body,
        credentials: "omit",
      });
      const json: unknown = await res.json();
      if (
        res.ok &&
        json &&
        typeof json === "object" &&
        "id" in json &&
        typeof json.id === "string"
      ) {
        return { paymentMethod: { ...json, id: json.id } };
      }
      const error = stripeErrorSchema.safeParse(
        json && typeof json === "object" && "error" in json ? json.error : undefined,
      );
      return {
        error: error.success
          ? error.data
          : { type: "api_error", message: `The Stripe double answered HTTP ${res.status}.` },
      };
    } catch {
      return {
        error: { type: "api_connection_error", message: "The Stripe double could not be reached." },
      };
    }
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== window.parent) return;
    const parsed = pageMessageSchema.safeParse(event.data);
    if (!parsed.success || parsed.data.source !== FROM_PAGE || parsed.data.channel !== channel)
      return;
    const message = parsed.data;
    switch (message.kind) {
      case "update":
        options = { ...options, ...message.options };
        applyOptions();
        state(); // restyles; Stripe sends no change event for an update
        break;
      case "focus": {
        const c = checks();
        const first = (["number", "expiry", "cvc", "postal"] as const).find((n) => !c[n].complete);
        inputs[first ?? "number"].focus();
        break;
      }
      case "blur":
        if (document.activeElement instanceof HTMLInputElement) document.activeElement.blur();
        break;
      case "clear":
        for (const name of Object.keys(inputs) as FieldName[]) {
          if (name !== "postal" || options.postalCode === undefined) inputs[name].value = "";
          touched[name] = false;
        }
        emitChange();
        break;
      case "tokenize":
        void tokenize(message.key, message.billingDetails).then((result) =>
          post({ kind: "tokenize-result", requestId: message.requestId, result }),
        );
        break;
    }
  });

  applyOptions();
  state();
  new ResizeObserver(reportSize).observe(root);
  post({ kind: "ready" });
}

const params = readParams();
if (params) start(params);
else
  document.body.textContent =
    "Stripe double: this frame needs the parameters the Stripe.js double gives it.";
