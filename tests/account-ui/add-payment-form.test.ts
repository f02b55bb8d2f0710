// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AddPaymentMethodForm } from "@/components/account/add-payment/add-payment-form";
import type { Gateway, PaymentMethodList } from "@/lib/schemas/account";
import { button, cleanUp, click, radio, renderWithProviders, waitFor } from "../lists-ui/render";

const bff = vi.hoisted(() => ({ fetchPaymentMethods: vi.fn(), addPaymentMethod: vi.fn() }));
vi.mock("@/lib/account/bff", () => bff);

const gateway = (over: Partial<Gateway> = {}): Gateway => ({
  name: "cardconnect-test",
  family: "cardconnect",
  site: "fts",
  acceptCvv: true,
  testMode: true,
  allowedCards: ["visa", "mastercard"],
  apiKey: null,
  accountId: null,
  achEnabled: true,
  ccEnabled: true,
  ...over,
});

function show(g: Gateway) {
  bff.fetchPaymentMethods.mockResolvedValue({
    paymentMethods: [],
    gateway: g,
  } satisfies PaymentMethodList);
  renderWithProviders(
    h(AddPaymentMethodForm, {
      customerId: "c-1",
      providers: {
        stripeJsUrl: "https://js.stripe.com/endive/stripe.js",
        tokenizerOriginOverride: null,
      },
      onSaved: () => {},
      onCancel: () => {},
      cancelLabel: "Cancel",
    }),
  );
}

afterEach(() => {
  cleanUp();
  vi.clearAllMocks();
});

describe("add payment method form", () => {
  it("starts with no type chosen, offering only the kinds the gateway enables", async () => {
    show(gateway({ achEnabled: false }));
    await waitFor(() => expect(radio("Card")).toBeTruthy());
    expect(radio("Card").checked).toBe(false);
    expect(() => radio("Bank account")).toThrow();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("shows the paymentMethod.disabled alert when neither kind is enabled; it can be dismissed", async () => {
    show(gateway({ achEnabled: false, ccEnabled: false }));
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toContain(
        "Adding payment methods is not enabled for your account.",
      ),
    );
    expect(document.querySelectorAll('input[type="radio"]')).toHaveLength(0);
    click(button("Close"));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("loads CardConnect's frame at its site and port, 250px high with CVV, behind a spinner until it has loaded", async () => {
    show(gateway());
    await waitFor(() => expect(radio("Card")).toBeTruthy());
    click(radio("Card"));
    let frame: HTMLIFrameElement | null = null;
    await waitFor(() => {
      frame = document.querySelector("iframe");
      expect(frame).not.toBeNull();
    });
    const iframe = frame as unknown as HTMLIFrameElement;
    expect(iframe.getAttribute("src")).toMatch(
      /^https:\/\/fts\.cardconnect\.com:6443\/itoke\/ajax-tokenizer\.html\?/,
    );
    expect(iframe.style.height).toBe("250px");
    const loading = () =>
      [...document.querySelectorAll('[role="status"]')].some((s) =>
        s.textContent?.includes("Loading the secure form"),
      );
    expect(loading()).toBe(true);
    act(() => {
      iframe.dispatchEvent(new Event("load"));
    });
    expect(loading()).toBe(false);
  });

  it("asks for the bank account in a 50px frame", async () => {
    show(gateway({ testMode: false, site: "acme" }));
    await waitFor(() => expect(radio("Bank account")).toBeTruthy());
    click(radio("Bank account"));
    await waitFor(() => expect(document.querySelector("iframe")).not.toBeNull());
    const iframe = document.querySelector("iframe")!;
    expect(iframe.style.height).toBe("50px");
    expect(iframe.getAttribute("src")).toMatch(/^https:\/\/acme\.cardconnect\.com:8443\//);
  });
});
