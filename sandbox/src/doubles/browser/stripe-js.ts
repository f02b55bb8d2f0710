/**
 * The Stripe.js double: defines `window.Stripe` as https://js.stripe.com/ does, for the members
 * @stripe/stripe-js 10 and @stripe/react-stripe-js 7 use, and the card and bank calls the portal
 * makes. Served (bundled by esbuild) at /__sandbox/stripe/v3.js in demo and test mode.
 *
 * - `Stripe(pk_test_…)` → instance with `elements`, `createPaymentMethod`, `confirmCardSetup`,
 *   `confirmUsBankAccountSetup`, `retrieveSetupIntent`, `verifyMicrodepositsForSetup`,
 *   `registerAppInfo`, `_registerWrapper`, and `createToken` / `confirmCardPayment` (which answer
 *   "not supported" but must exist: react-stripe-js checks for them).
 * - `elements()` → `create("card")`, `getElement("card" | CardElement)`, `update`, `fetchUpdates`.
 * - the card element → `mount`, `unmount`, `destroy`, `on` / `once` / `off` (ready, change, focus,
 *   blur, escape), `update`, `focus`, `blur`, `clear`; its inputs live in a frame on the sandbox's
 *   origin (see stripe-card-frame.ts), like Stripe's.
 *
 * Calls go to the sandbox that served this script (its origin is read from the script's URL).
 */
import {
  FROM_FRAME,
  FROM_PAGE,
  PATHS,
  billingDetailsSchema,
  frameMessageSchema,
  frameOptionsSchema,
  stripeErrorSchema,
  type BillingDetails,
  type CardState,
  type FrameOptions,
  type PageCommand,
  type StripeErrorLike,
  type TokenizeResult,
} from "./stripe-protocol";

/**
 * The release train @stripe/stripe-js 10 expects (its RELEASE_TRAIN): loadStripe warns when a
 * test key meets a Stripe.js of another version.
 */
const RELEASE_TRAIN = "endive";

class IntegrationError extends Error {
  override name = "IntegrationError";
}

function scriptUrl(): URL {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return new URL(current.src);
  const candidates = document.querySelectorAll<HTMLScriptElement>("script[src]");
  for (const s of candidates) if (/\/stripe\/v3\.js(\?|$)/.test(s.src)) return new URL(s.src);
  throw new IntegrationError("Stripe.js double: cannot tell which server served this script.");
}

const SCRIPT = scriptUrl();
const SANDBOX_ORIGIN = SCRIPT.origin;
/** The folder the script was served from (e.g. http://127.0.0.1:4110/__sandbox/stripe/). */
const BASE = new URL(".", SCRIPT).href;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Stripe's form encoding: nested objects as `a[b][c]=v`. */
function toForm(
  value: Record<string, unknown>,
  form = new URLSearchParams(),
  prefix = "",
): URLSearchParams {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => form.append(`${name}[]`, String(item)));
    else if (isObject(v)) toForm(v, form, name);
    else form.set(name, String(v));
  }
  return form;
}

type ApiResult =
  { ok: true; body: Record<string, unknown> } | { ok: false; error: StripeErrorLike };

async function callApi(
  method: "GET" | "POST",
  path: string,
  params: Record<string, unknown>,
): Promise<ApiResult> {
  const form = toForm(params);
  const url = method === "GET" ? `${BASE}${path}?${form}` : `${BASE}${path}`;
  try {
    // A form body keeps this a "simple" cross-origin request (no preflight), as with Stripe.
    const res = await fetch(url, {
      method,
      credentials: "omit",
      ...(method === "POST" ? { body: form } : {}),
    });
    const json: unknown = await res.json();
    if (res.ok && isObject(json)) return { ok: true, body: json };
    const error = stripeErrorSchema.safeParse(isObject(json) ? json.error : undefined);
    return {
      ok: false,
      error: error.success
        ? error.data
        : { type: "api_error", message: `The Stripe double answered HTTP ${res.status}.` },
    };
  } catch {
    return {
      ok: false,
      error: { type: "api_connection_error", message: "The Stripe double could not be reached." },
    };
  }
}

const unsupported = (what: string): { error: StripeErrorLike } => ({
  error: {
    type: "invalid_request_error",
    code: "unsupported_by_test_double",
    message: `${what} is not supported by the sandbox's Stripe.js double.`,
  },
});

// ------------------------------------------------------------------------------------------
// The card element

type Handler = (event: unknown) => unknown;
type ElementEvent =
  "ready" | "change" | "focus" | "blur" | "escape" | "loaderror" | "networkschange";

const DEFAULT_CLASSES = {
  base: "StripeElement",
  complete: "StripeElement--complete",
  empty: "StripeElement--empty",
  focus: "StripeElement--focus",
  invalid: "StripeElement--invalid",
  webkitAutofill: "StripeElement--webkit-autofill",
};
type Classes = typeof DEFAULT_CLASSES;

function readClasses(value: unknown, current: Classes): Classes {
  if (!isObject(value)) return current;
  const next = { ...current };
  for (const key of Object.keys(DEFAULT_CLASSES) as (keyof Classes)[]) {
    const v = value[key];
    if (typeof v === "string") next[key] = v;
  }
  return next;
}

/** The element's options as the frame takes them; `classes` stays on the page. */
function frameOptionsFrom(value: unknown): FrameOptions {
  if (!isObject(value)) return {};
  const postalCode = isObject(value.value) ? value.value.postalCode : undefined;
  const parsed = frameOptionsSchema.safeParse({
    style: value.style,
    hidePostalCode: value.hidePostalCode,
    hideIcon: value.hideIcon,
    iconStyle: value.iconStyle,
    disabled: value.disabled,
    postalCode,
  });
  if (!parsed.success) throw new IntegrationError("Invalid options for the card Element.");
  return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
}

const splitClasses = (names: string) => names.split(/\s+/).filter(Boolean);

class CardElementImpl {
  readonly api: Record<string, unknown>;
  private handlers = new Map<string, Set<Handler>>();
  private options: FrameOptions;
  private classes: Classes;
  private container: HTMLElement | null = null;
  private wrapper: HTMLDivElement | null = null;
  private iframe: HTMLIFrameElement | null = null;
  private channel = "";
  private ready = false;
  private queue: PageCommand[] = [];
  private pending = new Map<string, (result: TokenizeResult) => void>();
  private state: CardState | null = null;
  private focused = false;
  destroyed = false;

  constructor(options: unknown) {
    this.options = frameOptionsFrom(options);
    this.classes = readClasses(isObject(options) ? options.classes : undefined, DEFAULT_CLASSES);
    // The object handed to the merchant: only Stripe's element methods (on/once/off chain).
    const api: Record<string, unknown> = {};
    Object.assign(api, {
      mount: (target: unknown) => this.mount(target),
      unmount: () => this.unmount(),
      destroy: () => this.destroy(),
      on: (event: string, handler: Handler) => {
        this.on(event, handler);
        return api;
      },
      once: (event: string, handler: Handler) => {
        const wrapped: Handler = (e) => {
          this.off(event, wrapped);
          return handler(e);
        };
        this.on(event, wrapped);
        return api;
      },
      off: (event: string, handler?: Handler) => {
        this.off(event, handler);
        return api;
      },
      update: (options: unknown) => this.update(options),
      focus: () => this.command({ kind: "focus" }, true),
      blur: () => this.command({ kind: "blur" }),
      clear: () => this.command({ kind: "clear" }),
    });
    this.api = api;
  }

  private on(event: string, handler: Handler) {
    if (typeof handler !== "function") throw new IntegrationError("A handler must be a function.");
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
  }

  private off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
  }

  private emit(event: ElementEvent, payload: unknown) {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        // A merchant handler's error must not stop the others; report it as Stripe.js does.
        setTimeout(() => {
          throw error;
        }, 0);
      }
    }
  }

  private mount(target: unknown) {
    if (this.destroyed)
      throw new IntegrationError(
        "This Element has already been destroyed. Please create a new one.",
      );
    if (this.wrapper)
      throw new IntegrationError(
        "This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.",
      );
    const el = typeof target === "string" ? document.querySelector(target) : target;
    if (!(el instanceof HTMLElement)) {
      throw new IntegrationError(
        typeof target === "string"
          ? `The selector you specified (${target}) applies to no DOM elements that are currently on the page.`
          : "Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.",
      );
    }
    this.container = el;
    this.channel = randomId();
    this.ready = false;

    const wrapper = document.createElement("div");
    wrapper.className = "__PrivateStripeElement";
    Object.assign(wrapper.style, {
      margin: "0",
      padding: "0",
      border: "none",
      display: "block",
      background: "transparent",
      position: "relative",
      opacity: "1",
    });
    const iframe = document.createElement("iframe");
    iframe.name = `__privateStripeFrame${this.channel.slice(0, 4)}`;
    iframe.title = "Secure card payment input frame";
    iframe.setAttribute("frameborder", "0");
    iframe.setAttribute("allowtransparency", "true");
    iframe.setAttribute("scrolling", "no");
    iframe.setAttribute("role", "presentation");
    iframe.setAttribute("allow", "payment *");
    Object.assign(iframe.style, {
      border: "none",
      margin: "0",
      padding: "0",
      width: "1px",
      minWidth: "100%",
      overflow: "hidden",
      display: "block",
      userSelect: "none",
      height: "22.4px",
      colorScheme: "normal",
    });
    const fragment = new URLSearchParams({
      channel: this.channel,
      origin: location.origin,
      options: JSON.stringify(this.options),
    });
    iframe.src = `${BASE}${PATHS.cardFrame}#${fragment}`;
    wrapper.appendChild(iframe);
    el.appendChild(wrapper);
    this.wrapper = wrapper;
    this.iframe = iframe;
    window.addEventListener("message", this.onMessage);
    this.paintClasses();
  }

  private unmount() {
    window.removeEventListener("message", this.onMessage);
    this.wrapper?.remove();
    if (this.container)
      for (const c of splitClasses(Object.values(this.classes).join(" ")))
        this.container.classList.remove(c);
    this.wrapper = null;
    this.iframe = null;
    this.container = null;
    this.ready = false;
    this.queue = [];
    this.focused = false;
    for (const resolve of this.pending.values()) {
      resolve({
        error: {
          type: "validation_error",
          code: "element_unmounted",
          message: "The card Element was unmounted.",
        },
      });
    }
    this.pending.clear();
  }

  private destroy() {
    this.unmount();
    this.handlers.clear();
    this.destroyed = true;
  }

  private update(options: unknown) {
    if (this.destroyed) throw new IntegrationError("This Element has already been destroyed.");
    const next = frameOptionsFrom(options);
    this.options = { ...this.options, ...next };
    this.classes = readClasses(isObject(options) ? options.classes : undefined, this.classes);
    this.paintClasses();
    this.command({ kind: "update", options: next });
  }

  private command(message: PageCommand, focusFrame = false) {
    if (!this.iframe) return;
    if (focusFrame) this.iframe.focus();
    if (!this.ready) {
      this.queue.push(message);
      return;
    }
    this.iframe.contentWindow?.postMessage(
      { source: FROM_PAGE, channel: this.channel, ...message },
      SANDBOX_ORIGIN,
    );
  }

  /** Asks the frame to create a card PaymentMethod from what was typed into it. */
  tokenize(key: string, billingDetails: BillingDetails | undefined): Promise<TokenizeResult> {
    if (!this.iframe) {
      return Promise.reject(
        new IntegrationError(
          "We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.",
        ),
      );
    }
    const requestId = randomId();
    return new Promise<TokenizeResult>((resolve) => {
      this.pending.set(requestId, resolve);
      this.command({
        kind: "tokenize",
        requestId,
        key,
        ...(billingDetails ? { billingDetails } : {}),
      });
    });
  }

  private paintClasses() {
    const el = this.container;
    if (!el) return;
    const set = (names: string, on: boolean) => {
      for (const c of splitClasses(names)) el.classList.toggle(c, on);
    };
    set(this.classes.base, true);
    set(this.classes.empty, this.state?.empty ?? true);
    set(this.classes.complete, this.state?.complete ?? false);
    set(this.classes.invalid, Boolean(this.state?.error));
    set(this.classes.focus, this.focused);
  }

  private onMessage = (event: MessageEvent) => {
    // Exact origin and the very frame this element created; anything else is ignored.
    if (
      event.origin !== SANDBOX_ORIGIN ||
      !this.iframe ||
      event.source !== this.iframe.contentWindow
    )
      return;
    const parsed = frameMessageSchema.safeParse(event.data);
    if (
      !parsed.success ||
      parsed.data.source !== FROM_FRAME ||
      parsed.data.channel !== this.channel
    )
      return;
    const message = parsed.data;
    switch (message.kind) {
      case "ready": {
        this.ready = true;
        const queued = this.queue;
        this.queue = [];
        for (const m of queued) this.command(m);
        this.emit("ready", { elementType: "card" });
        break;
      }
      case "change":
        this.state = message.state;
        this.paintClasses();
        this.emit("change", { ...message.state });
        break;
      case "focus":
      case "blur":
        this.focused = message.kind === "focus";
        this.paintClasses();
        this.emit(message.kind, { elementType: "card" });
        break;
      case "escape":
        this.emit("escape", { elementType: "card" });
        break;
      case "resize":
        this.iframe.style.height = `${message.height}px`;
        break;
      case "tokenize-result": {
        const resolve = this.pending.get(message.requestId);
        this.pending.delete(message.requestId);
        resolve?.(message.result);
        break;
      }
    }
  };
}

/** Element objects handed out → their implementation (createPaymentMethod gets the object back). */
const elementImpls = new WeakMap<object, CardElementImpl>();

function elementType(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if ((typeof value === "function" || isObject(value)) && "__elementType" in value) {
    const type = (value as { __elementType?: unknown }).__elementType;
    return typeof type === "string" ? type : undefined;
  }
  return undefined;
}

function createElements() {
  let card: CardElementImpl | null = null;
  return {
    create(type: unknown, options?: unknown) {
      if (type !== "card") {
        throw new IntegrationError(
          `The sandbox's Stripe.js double supports the card Element only, not ${String(type)}.`,
        );
      }
      if (card && !card.destroyed)
        throw new IntegrationError("Can only create one Element of type card.");
      card = new CardElementImpl(options);
      elementImpls.set(card.api, card);
      return card.api;
    },
    getElement(type: unknown) {
      return elementType(type) === "card" && card && !card.destroyed ? card.api : null;
    },
    // Locale, fonts, appearance and clientSecret are accepted; the double draws its own inputs.
    update(_options?: unknown) {},
    fetchUpdates() {
      return Promise.resolve({});
    },
    submit() {
      return Promise.resolve(unsupported("elements.submit() (the Payment Element)"));
    },
  };
}

// ------------------------------------------------------------------------------------------
// The Stripe instance

function setupIntentId(clientSecret: unknown, method: string): string {
  const m =
    typeof clientSecret === "string"
      ? /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret)
      : null;
  if (!m?.[1]) {
    throw new IntegrationError(
      `Invalid value for ${method}: clientSecret should be a client secret of the form \${id}_secret_\${secret}.`,
    );
  }
  return m[1];
}

function readBillingDetails(value: unknown, method: string): BillingDetails | undefined {
  if (value === undefined) return undefined;
  const parsed = billingDetailsSchema.safeParse(value);
  if (!parsed.success) throw new IntegrationError(`Invalid value for ${method}: billing_details.`);
  return parsed.data;
}

function createStripe(key: string) {
  const wrappers: unknown[] = [];
  const appInfo: unknown[] = [];

  async function createPaymentMethod(
    data: unknown,
  ): Promise<{ paymentMethod: Record<string, unknown> } | { error: StripeErrorLike }> {
    if (!isObject(data))
      throw new IntegrationError("Invalid value for createPaymentMethod: expected an object.");
    if ("elements" in data)
      return unsupported("createPaymentMethod({ elements }) (the Payment Element)");
    const billing = readBillingDetails(data.billing_details, "createPaymentMethod");
    if (data.type === "card") {
      const impl = isObject(data.card) ? elementImpls.get(data.card) : undefined;
      if (!impl) {
        if (isObject(data.card) && "token" in data.card)
          return unsupported("createPaymentMethod with a card token");
        throw new IntegrationError(
          "Invalid value for createPaymentMethod: card should be a card Element.",
        );
      }
      return impl.tokenize(key, billing);
    }
    if (data.type === "us_bank_account") {
      const bank = data.us_bank_account;
      if (!isObject(bank))
        return unsupported("us_bank_account without account details (Financial Connections)");
      const res = await callApi("POST", PATHS.paymentMethods, {
        type: "us_bank_account",
        us_bank_account: {
          account_number: bank.account_number,
          routing_number: bank.routing_number,
          account_holder_type: bank.account_holder_type,
          account_type: bank.account_type,
        },
        billing_details: billing,
        key,
      });
      return res.ok ? { paymentMethod: res.body } : { error: res.error };
    }
    return unsupported(`createPaymentMethod of type ${String(data.type)}`);
  }

  type SetupResult = { setupIntent: Record<string, unknown> } | { error: StripeErrorLike };

  async function confirmSetup(
    method: string,
    clientSecret: unknown,
    data: unknown,
    create: (
      pm: Record<string, unknown>,
    ) => Promise<Awaited<ReturnType<typeof createPaymentMethod>>>,
  ): Promise<SetupResult> {
    const id = setupIntentId(clientSecret, method);
    const pmData = isObject(data) ? data.payment_method : undefined;
    let paymentMethod: string | undefined;
    if (typeof pmData === "string") paymentMethod = pmData;
    else if (isObject(pmData)) {
      const created = await create(pmData);
      if ("error" in created) return { error: created.error };
      paymentMethod = String(created.paymentMethod.id);
    }
    const res = await callApi("POST", `${PATHS.setupIntents}/${id}/confirm`, {
      client_secret: clientSecret,
      payment_method: paymentMethod,
      key,
    });
    return res.ok ? { setupIntent: res.body } : { error: res.error };
  }

  return {
    elements: (_options?: unknown) => createElements(),
    createPaymentMethod,
    confirmCardSetup(
      clientSecret: unknown,
      data?: unknown,
      _options?: unknown,
    ): Promise<SetupResult> {
      return confirmSetup("confirmCardSetup", clientSecret, data, (pm) =>
        createPaymentMethod({ type: "card", card: pm.card, billing_details: pm.billing_details }),
      );
    },
    confirmUsBankAccountSetup(clientSecret: unknown, data?: unknown): Promise<SetupResult> {
      return confirmSetup("confirmUsBankAccountSetup", clientSecret, data, (pm) =>
        createPaymentMethod({
          type: "us_bank_account",
          us_bank_account: pm.us_bank_account,
          billing_details: pm.billing_details,
        }),
      );
    },
    async retrieveSetupIntent(clientSecret: unknown): Promise<SetupResult> {
      const id = setupIntentId(clientSecret, "retrieveSetupIntent");
      const res = await callApi("GET", `${PATHS.setupIntents}/${id}`, {
        client_secret: clientSecret,
        key,
      });
      return res.ok ? { setupIntent: res.body } : { error: res.error };
    },
    async verifyMicrodepositsForSetup(clientSecret: unknown, data?: unknown): Promise<SetupResult> {
      const id = setupIntentId(clientSecret, "verifyMicrodepositsForSetup");
      const d = isObject(data) ? data : {};
      const res = await callApi("POST", `${PATHS.setupIntents}/${id}/verify_microdeposits`, {
        client_secret: clientSecret,
        amounts: Array.isArray(d.amounts) ? d.amounts : undefined,
        descriptor_code: d.descriptor_code,
        key,
      });
      return res.ok ? { setupIntent: res.body } : { error: res.error };
    },
    createToken: (..._args: unknown[]) => Promise.resolve(unsupported("createToken")),
    confirmCardPayment: (..._args: unknown[]) => Promise.resolve(unsupported("confirmCardPayment")),
    confirmPayment: (..._args: unknown[]) => Promise.resolve(unsupported("confirmPayment")),
    confirmSetup: (..._args: unknown[]) =>
      Promise.resolve(unsupported("confirmSetup (the Payment Element)")),
    registerAppInfo(info: unknown) {
      appInfo.push(info);
    },
    _registerWrapper(wrapper: unknown) {
      wrappers.push(wrapper);
    },
    /** For tests: what @stripe/stripe-js and react-stripe-js registered. */
    get _testDouble() {
      return { wrappers: [...wrappers], appInfo: [...appInfo] };
    },
  };
}

/** `Stripe(publishableKey, options?)`: Stripe.js is called without `new` by @stripe/stripe-js. */
function Stripe(key: unknown, _options?: unknown) {
  if (typeof key !== "string" || key === "") {
    throw new IntegrationError(
      "Please call Stripe() with your publishable key. You used an empty string.",
    );
  }
  if (key.startsWith("sk_") || key.startsWith("rk_")) {
    throw new IntegrationError(
      "You should not use your secret key with Stripe.js. Please pass a publishable key instead.",
    );
  }
  if (!key.startsWith("pk_test_")) {
    throw new IntegrationError(
      "The sandbox's Stripe.js double accepts test publishable keys (pk_test_…) only.",
    );
  }
  return createStripe(key);
}
Stripe.version = RELEASE_TRAIN;

Object.defineProperty(window, "Stripe", { value: Stripe, writable: true, configurable: true });
