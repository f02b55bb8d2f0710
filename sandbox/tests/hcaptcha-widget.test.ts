import { createElement, createRef } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HCAPTCHA_TEST_RESPONSE } from "../src/captcha";
import { startHarness, type Harness } from "./support/harness";

// jsdom ships without type declarations here: describe the little we use.
type DomWindow = Window & typeof globalThis;
type JsdomInstance = { window: DomWindow };
type JsdomModule = {
  JSDOM: new (
    html: string,
    options: {
      url: string;
      runScripts: "dangerously";
      resources: "usable";
      pretendToBeVisual?: boolean;
    },
  ) => JsdomInstance;
};
type WidgetParams = Record<string, unknown>;
type HcaptchaApi = {
  render(container: HTMLElement | string, params?: WidgetParams): string;
  reset(id?: string): void;
  remove(id?: string): void;
  execute(
    id?: string,
    options?: { async?: boolean },
  ): Promise<{ response: string; key: string }> | undefined;
  getResponse(id?: string): string;
  getRespKey(id?: string): string;
  setData(id: string, data: unknown): void;
  close(id?: string): void;
};
type TestWindow = DomWindow & { hcaptcha?: HcaptchaApi; onHcaptchaLoaded?: () => void };

let h: Harness;
let JSDOM: JsdomModule["JSDOM"];
beforeAll(async () => {
  h = await startHarness("hcaptcha");
  const name = "jsdom";
  JSDOM = ((await import(/* @vite-ignore */ name)) as JsdomModule).JSDOM;
});
afterAll(async () => {
  await h?.close();
});

/** A page on another origin than the sandbox (the portal's), as in the browser. */
function portalPage(): TestWindow {
  const port = new URL(h.url).port;
  const dom = new JSDOM(
    '<!doctype html><html><head></head><body><form><div id="captcha"></div></form></body></html>',
    {
      url: `http://localhost:${Number(port) + 1}/portal/forgot-password`,
      runScripts: "dangerously",
      resources: "usable",
      pretendToBeVisual: true,
    },
  );
  return dom.window as TestWindow;
}

async function waitFor<T>(
  probe: () => T | undefined | null | false,
  timeoutMs = 5_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function loadScript(win: TestWindow, query: string): Promise<HcaptchaApi> {
  const loaded = new Promise<void>((resolve) => {
    win.onHcaptchaLoaded = resolve;
  });
  const script = win.document.createElement("script");
  script.id = "hCaptcha-script";
  script.src = `${h.url}/__sandbox/hcaptcha/api.js?${query}`;
  script.crossOrigin = "anonymous";
  script.async = true;
  win.document.head.appendChild(script);
  await loaded;
  return win.hcaptcha!;
}

describe("GET /__sandbox/hcaptcha/api.js", () => {
  it("serves JavaScript that another origin may load as a script", async () => {
    const res = await fetch(
      `${h.url}/__sandbox/hcaptcha/api.js?onload=hCaptchaOnLoad&render=explicit`,
      {
        headers: { Origin: "http://localhost:3000" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const text = await res.text();
    expect(text).toContain("window.hcaptcha");
    expect(text).not.toMatch(/\beval\(|new Function|innerHTML|setAttribute\("style"/);
  });
});

describe("window.hcaptcha (the widget double)", () => {
  it("calls the onload callback named in the script URL and renders an accessible checkbox", async () => {
    const win = portalPage();
    const api = await loadScript(win, "onload=onHcaptchaLoaded&render=explicit&uj=false");
    const container = win.document.getElementById("captcha")!;
    const id = api.render(container, { sitekey: "10000000-ffff-ffff-ffff-000000000001" });
    expect(typeof id).toBe("string");

    const input = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(input).toBeTruthy();
    expect(input.labels?.[0]?.textContent).toBe("I am human");
    expect(container.textContent).toContain("hCaptcha test double");
    expect(input.tabIndex).toBe(0);
    input.focus();
    expect(win.document.activeElement).toBe(input);
    expect(input.style.outline).not.toBe("");
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.border).toMatch(/1px solid/);
    win.close();
  });

  it("yields the test response on ticking, expires on unticking, resets and removes", async () => {
    const win = portalPage();
    const api = await loadScript(win, "onload=onHcaptchaLoaded&render=explicit");
    const container = win.document.getElementById("captcha")!;
    const events: string[] = [];
    const id = api.render(container, {
      callback: (response: string) => events.push(`verified:${response}`),
      "expired-callback": () => events.push("expired"),
    });
    const input = container.querySelector<HTMLInputElement>("input")!;
    expect(api.getResponse(id)).toBe("");

    input.click();
    expect(events).toEqual([`verified:${HCAPTCHA_TEST_RESPONSE}`]);
    expect(api.getResponse(id)).toBe(HCAPTCHA_TEST_RESPONSE);
    expect(api.getRespKey(id)).not.toBe("");
    expect(
      container.querySelector<HTMLTextAreaElement>('textarea[name="h-captcha-response"]')?.value,
    ).toBe(HCAPTCHA_TEST_RESPONSE);

    input.click();
    expect(events).toEqual([`verified:${HCAPTCHA_TEST_RESPONSE}`, "expired"]);
    expect(api.getResponse(id)).toBe("");

    // A label click ticks it too.
    input.labels![0]!.click();
    expect(api.getResponse(id)).toBe(HCAPTCHA_TEST_RESPONSE);
    api.reset(id);
    expect(input.checked).toBe(false);
    expect(api.getResponse(id)).toBe("");
    expect(events).toHaveLength(3);

    await expect(api.execute(id, { async: true })).resolves.toEqual({
      response: HCAPTCHA_TEST_RESPONSE,
      key: expect.any(String),
    });
    expect(input.checked).toBe(true);
    api.setData(id, { rqdata: "x" });
    api.close(id);
    api.remove(id);
    expect(container.querySelector("input")).toBeNull();
    expect(api.getResponse(id)).toBe("");
    win.close();
  });

  it("speaks the language of hl, as the real widget does, right to left in Arabic", async () => {
    const win = portalPage();
    const api = await loadScript(win, "onload=onHcaptchaLoaded&render=explicit&hl=de");
    const container = win.document.getElementById("captcha")!;
    const labelOf = (hl?: string) => {
      const id = api.render(container, hl === undefined ? { sitekey: "k" } : { sitekey: "k", hl });
      const box = container.querySelector<HTMLElement>(`[data-hcaptcha-widget-id="${id}"]`)!;
      const input = box.querySelector<HTMLInputElement>("input[type=checkbox]")!;
      return { text: input.labels?.[0]?.textContent, lang: box.lang, dir: box.dir };
    };
    // The render parameter wins over the script's; without one the script's hl holds.
    expect(labelOf("ar")).toEqual({ text: "أنا إنسان", lang: "ar", dir: "rtl" });
    expect(labelOf("pt-BR")).toEqual({ text: "Sou humano", lang: "pt-BR", dir: "ltr" });
    expect(labelOf("zh-CN")).toEqual({ text: "我是人类", lang: "zh-CN", dir: "ltr" });
    expect(labelOf()).toEqual({ text: "Ich bin ein Mensch", lang: "de", dir: "ltr" });
    // A language the double does not know is shown in English, and says so.
    expect(labelOf("ko")).toEqual({ text: "I am human", lang: "en", dir: "ltr" });
    win.close();
  });

  it("renders .h-captcha elements itself without render=explicit", async () => {
    const win = portalPage();
    const div = win.document.createElement("div");
    div.className = "h-captcha";
    div.setAttribute("data-sitekey", "k");
    win.document.body.appendChild(div);
    await loadScript(win, "onload=onHcaptchaLoaded");
    expect(div.querySelector("input[type=checkbox]")).toBeTruthy();
    win.close();
  });
});

describe("@hcaptcha/react-hcaptcha 2.2.0 with scriptSource", () => {
  it("loads the double, renders it and reports the test response through onVerify", async () => {
    const win = portalPage();
    // React DOM and the component reach for a few globals; point them at the page for this test.
    const names = ["window", "document", "navigator"] as const;
    const saved = names.map(
      (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
    );
    const page = { window: win, document: win.document, navigator: win.navigator };
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        value: page[name],
        configurable: true,
        writable: true,
      });
    }
    try {
      const [{ default: HCaptcha }, { createRoot }, { flushSync }] = await Promise.all([
        import("@hcaptcha/react-hcaptcha"),
        import("react-dom/client"),
        import("react-dom"),
      ]);
      const verified: string[] = [];
      let loaded = false;
      // The loader removes its script element once loaded: note what it appended.
      const scriptUrls: string[] = [];
      new win.MutationObserver((records) => {
        for (const r of records)
          r.addedNodes.forEach(
            (n) => n.nodeName === "SCRIPT" && scriptUrls.push((n as HTMLScriptElement).src),
          );
      }).observe(win.document.head, { childList: true });
      const ref = createRef<InstanceType<typeof HCaptcha>>();
      const root = createRoot(win.document.getElementById("captcha")!);
      flushSync(() => {
        root.render(
          createElement(HCaptcha, {
            ref,
            sitekey: "10000000-ffff-ffff-ffff-000000000001",
            scriptSource: `${h.url}/__sandbox/hcaptcha/api.js`,
            scriptLocation: win.document.head,
            sentry: false,
            onLoad: () => {
              loaded = true;
            },
            onVerify: (token: string) => {
              verified.push(token);
            },
          }),
        );
      });
      const input = await waitFor(() =>
        win.document.querySelector<HTMLInputElement>("#captcha input[type=checkbox]"),
      );
      await waitFor(() => loaded);
      expect(scriptUrls).toHaveLength(1);
      const scriptUrl = new URL(scriptUrls[0]!);
      expect(`${scriptUrl.origin}${scriptUrl.pathname}`).toBe(`${h.url}/__sandbox/hcaptcha/api.js`);
      expect(scriptUrl.searchParams.get("onload")).toBe("hCaptchaOnLoad");
      expect(scriptUrl.searchParams.get("render")).toBe("explicit");
      expect(input.labels?.[0]?.textContent).toBe("I am human");
      input.click();
      expect(verified).toEqual([HCAPTCHA_TEST_RESPONSE]);
      expect(ref.current?.getResponse()).toBe(HCAPTCHA_TEST_RESPONSE);
      ref.current?.resetCaptcha();
      expect(input.checked).toBe(false);
      root.unmount();
      expect(win.document.querySelector("#captcha input")).toBeNull();
    } finally {
      // Let React's scheduler finish with the page before the globals go.
      await new Promise((r) => setTimeout(r, 50));
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
      win.close();
    }
  });
});
