/*
 * hCaptcha test double (billing sandbox), served at GET /__sandbox/hcaptcha/api.js. Not the real hCaptcha.
 *
 * It implements the `window.hcaptcha` API that @hcaptcha/react-hcaptcha 2.2.0 (and its bundled
 * @hcaptcha/loader) uses: the loader appends `?onload=hCaptchaOnLoad&render=explicit&...` to the
 * scriptSource and waits for `window[onload]()`; the component then calls render(container, params),
 * getResponse(id), getRespKey(id), reset(id), remove(id), execute(id, {async}), setData(id, data) and
 * close(id). Without render=explicit, elements with class `h-captcha` are rendered automatically.
 *
 * render() draws a small bordered box with a real checkbox labelled "I am human" (in the language
 * of `hl`, as the real widget: react-hcaptcha passes its languageOverride so); ticking it yields
 * hCaptcha's documented test response and calls params.callback(response); unticking calls
 * params["expired-callback"]. Only DOM APIs and element.style (no HTML strings, no eval), so the
 * portal's CSP needs no 'unsafe-inline' for it. A classic script in ES5 style: it runs as served.
 */
(function () {
  "use strict";
  var TEST_RESPONSE = "10000000-aaaa-bbbb-cccc-000000000001";
  var TEST_RESP_KEY = "E0-sandbox-test-double";
  // The real widget's label in the portal's ten languages; another `hl` falls back to English.
  var LABELS = {
    en: "I am human",
    es: "Soy humano",
    fr: "Je suis humain",
    de: "Ich bin ein Mensch",
    it: "Sono umano",
    pt: "Sou humano",
    nl: "Ik ben een mens",
    ja: "私は人間です",
    zh: "我是人类",
    ar: "أنا إنسان",
  };
  var widgets = {};
  var order = [];
  var counter = 0;

  function readScriptParams() {
    var script = document.currentScript;
    if (!script || !script.src) script = document.getElementById("hCaptcha-script");
    if (!script || !script.src) {
      var all = document.getElementsByTagName("script");
      for (var i = all.length - 1; i >= 0; i--) {
        if (all[i].src && all[i].src.indexOf("/hcaptcha/api.js") !== -1) {
          script = all[i];
          break;
        }
      }
    }
    var params = {};
    if (!script || !script.src) return params;
    try {
      new URL(script.src, document.baseURI).searchParams.forEach(function (value, key) {
        params[key] = value;
      });
    } catch {
      /* ignore */
    }
    return params;
  }

  var scriptParams = readScriptParams();

  function fn(value) {
    if (typeof value === "function") return value;
    if (typeof value === "string" && value && typeof window[value] === "function")
      return window[value];
    return null;
  }

  function call(value, args) {
    var f = fn(value);
    if (!f) return;
    try {
      f.apply(null, args || []);
    } catch (e) {
      setTimeout(function () {
        throw e;
      }, 0);
    }
  }

  function widgetFor(id) {
    if (id === undefined || id === null || id === "") {
      for (var i = order.length - 1; i >= 0; i--) {
        if (widgets[order[i]]) return widgets[order[i]];
      }
      return null;
    }
    return widgets[String(id)] || null;
  }

  function requireWidget(id) {
    var w = widgetFor(id);
    if (!w) throw new Error("[hCaptcha] invalid hCaptcha id: " + id);
    return w;
  }

  function paramsFromData(el) {
    var params = {};
    var names = [
      "sitekey",
      "theme",
      "size",
      "tabindex",
      "callback",
      "expired-callback",
      "chalexpired-callback",
      "error-callback",
      "open-callback",
      "close-callback",
      "hl",
    ];
    for (var i = 0; i < names.length; i++) {
      var v = el.getAttribute("data-" + names[i]);
      if (v !== null) params[names[i]] = v;
    }
    return params;
  }

  /** The base language of an `hl` tag ("pt-BR" -> "pt"), lower case. */
  function baseLanguage(hl) {
    return String(hl).split(/[-_]/)[0].toLowerCase();
  }

  function setChecked(w, checked, notify) {
    w.input.checked = checked;
    w.response = checked ? TEST_RESPONSE : "";
    w.textarea.value = w.response;
    if (!notify) return;
    if (checked) call(w.params.callback, [TEST_RESPONSE]);
    else call(w.params["expired-callback"], []);
  }

  function render(container, params) {
    var el = typeof container === "string" ? document.getElementById(container) : container;
    if (!el || el.nodeType !== 1) throw new Error("[hCaptcha] render: invalid container");
    var merged = paramsFromData(el);
    if (params)
      for (var k in params) {
        if (Object.prototype.hasOwnProperty.call(params, k)) merged[k] = params[k];
      }

    counter += 1;
    var id = "hcaptcha-double-" + counter;
    var dark = merged.theme === "dark";
    var invisible = merged.size === "invisible";
    var hl = merged.hl || scriptParams.hl || "en";
    var language = baseLanguage(hl);
    if (!Object.prototype.hasOwnProperty.call(LABELS, language)) hl = language = "en";

    var box = document.createElement("div");
    box.setAttribute("data-hcaptcha-widget-id", id);
    box.setAttribute("data-testid", "hcaptcha-double");
    box.lang = hl;
    // Arabic is the one right-to-left language of the ten.
    box.dir = language === "ar" ? "rtl" : "ltr";
    box.style.display = invisible ? "none" : "inline-flex";
    box.style.flexDirection = "column";
    box.style.gap = "4px";
    box.style.boxSizing = "border-box";
    box.style.minWidth = merged.size === "compact" ? "164px" : "300px";
    box.style.padding = "12px 14px";
    box.style.border = "1px solid " + (dark ? "#6b7280" : "#9ca3af");
    box.style.borderRadius = "4px";
    box.style.background = dark ? "#1f2937" : "#f9fafb";
    box.style.color = dark ? "#f9fafb" : "#111827";
    box.style.fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

    var row = document.createElement("div");
    row.style.display = "flex";
    row.style.alignItems = "center";
    row.style.gap = "10px";

    var input = document.createElement("input");
    input.type = "checkbox";
    input.id = id + "-checkbox";
    input.name = "hcaptcha-double-checkbox";
    input.style.width = "24px";
    input.style.height = "24px";
    input.style.margin = "0";
    input.style.cursor = "pointer";
    input.style.accentColor = dark ? "#34d399" : "#047857";
    if (merged.tabindex !== undefined && merged.tabindex !== null && merged.tabindex !== "") {
      input.tabIndex = Number(merged.tabindex) || 0;
    }
    input.addEventListener("focus", function () {
      input.style.outline = "3px solid " + (dark ? "#93c5fd" : "#1d4ed8");
      input.style.outlineOffset = "2px";
    });
    input.addEventListener("blur", function () {
      input.style.outline = "";
      input.style.outlineOffset = "";
    });

    var label = document.createElement("label");
    label.htmlFor = input.id;
    label.textContent = LABELS[language];
    label.style.fontSize = "15px";
    label.style.cursor = "pointer";

    var note = document.createElement("div");
    note.textContent = "hCaptcha test double";
    note.lang = "en";
    note.style.fontSize = "11px";
    note.style.color = dark ? "#d1d5db" : "#4b5563";

    // Like the real widget: a hidden h-captcha-response field for plain form posts.
    var textarea = document.createElement("textarea");
    textarea.name = "h-captcha-response";
    textarea.setAttribute("aria-hidden", "true");
    textarea.tabIndex = -1;
    textarea.style.display = "none";

    row.appendChild(input);
    row.appendChild(label);
    box.appendChild(row);
    box.appendChild(note);
    box.appendChild(textarea);
    el.appendChild(box);

    var w = {
      id: id,
      container: el,
      box: box,
      input: input,
      textarea: textarea,
      params: merged,
      response: "",
      data: null,
    };
    input.addEventListener("change", function () {
      setChecked(w, input.checked, true);
    });
    widgets[id] = w;
    order.push(id);
    return id;
  }

  function execute(id, options) {
    if (id !== null && typeof id === "object" && options === undefined) {
      options = id;
      id = undefined;
    }
    var w = widgetFor(id);
    var wantsPromise = !!(options && options.async);
    if (!w) {
      var err = new Error("[hCaptcha] invalid hCaptcha id: " + id);
      if (wantsPromise) return Promise.reject(err);
      throw err;
    }
    if (!w.input.checked) setChecked(w, true, true);
    if (wantsPromise) return Promise.resolve({ response: TEST_RESPONSE, key: TEST_RESP_KEY });
    return undefined;
  }

  var api = {
    render: render,
    execute: execute,
    reset: function (id) {
      var w = widgetFor(id);
      if (w) setChecked(w, false, false);
    },
    remove: function (id) {
      var w = widgetFor(id);
      if (!w) return;
      if (w.box.parentNode) w.box.parentNode.removeChild(w.box);
      delete widgets[w.id];
      order = order.filter(function (x) {
        return x !== w.id;
      });
    },
    getResponse: function (id) {
      var w = widgetFor(id);
      return w ? w.response : "";
    },
    getRespKey: function (id) {
      var w = widgetFor(id);
      return w && w.response ? TEST_RESP_KEY : "";
    },
    setData: function (id, data) {
      requireWidget(id).data = data && typeof data === "object" ? data : null;
    },
    close: function () {
      /* No challenge is ever open in the double. */
    },
    isTestDouble: true,
  };

  window.hcaptcha = api;

  function autoRender() {
    var nodes = document.querySelectorAll(".h-captcha");
    for (var i = 0; i < nodes.length; i++) {
      if (
        !nodes[i].getAttribute("data-hcaptcha-widget-id") &&
        !nodes[i].querySelector("[data-hcaptcha-widget-id]")
      ) {
        nodes[i].setAttribute("data-hcaptcha-widget-id", render(nodes[i]));
      }
    }
  }

  if (scriptParams.render !== "explicit") {
    if (document.readyState === "loading")
      document.addEventListener("DOMContentLoaded", autoRender);
    else autoRender();
  }

  var onload = scriptParams.onload;
  if (onload && /^[A-Za-z_$][\w$]*$/.test(onload) && typeof window[onload] === "function") {
    window[onload]();
  }
})();
