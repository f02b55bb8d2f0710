// @vitest-environment jsdom
// The dialogs of leaving on fair terms (issue 33): pausing, resuming or calling off a pause, and
// the cancel dialog in steps (why, an offer instead, then the confirmation).
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { isolate } from "@/lib/format/bidi";
import type { LeavingSettings, RetentionOffer, Subscription } from "@/lib/schemas/subscriptions";
import {
  button,
  byLabel,
  cleanUp,
  click,
  findButton,
  radio,
  settle,
  waitFor,
} from "../lists-ui/render";
import {
  alertText,
  dialogs,
  goldLine,
  openWith,
  subscription,
  titleOf,
  top,
} from "./dialogs-support";

const apiFetch = vi.hoisted(() => vi.fn());
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  apiFetch,
}));
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const BASE = "/api/subscriptions/SUB-1";

type Answer = (init?: { method?: string; body?: unknown }) => Promise<unknown>;

/** apiFetch answered by path (the query left off); any other path is refused as unexpected. */
function answer(routes: Record<string, Answer>) {
  apiFetch.mockImplementation((path: string, init?: { method?: string; body?: unknown }) => {
    const route = routes[path.split("?")[0] ?? path];
    return route ? route(init) : Promise.reject(new Error(`unexpected ${path}`));
  });
}
const resolve =
  (value: unknown): Answer =>
  () =>
    Promise.resolve(value);
const notFound: Answer = () => Promise.reject(new ApiError(404, "not_found", "errors.generic"));

const callsTo = (path: string) => apiFetch.mock.calls.filter(([p]) => p === path);
const text = () => top().textContent ?? "";

/** Types into a text area (replacing its text), through React's events. */
function typeText(area: HTMLTextAreaElement, value: string) {
  act(() => {
    area.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** The labels of the radio buttons of the dialog on top, in order. */
const radioLabels = () =>
  [...top().querySelectorAll('input[type="radio"]')].map((input) =>
    input.closest("label")?.textContent?.trim(),
  );

beforeEach(() => {
  apiFetch.mockReset();
  toasts.toastSuccess.mockReset();
  toasts.toastError.mockReset();
});
afterEach(cleanUp);

// ——— Pause ———

const pausePreview = {
  cycles: 2,
  pauseStart: "2030-02-01",
  resumeDate: "2030-04-01",
  currency: "USD",
  billAtPause: { kind: "credit_note", date: "2030-02-01", amount: -14.25, billsUsage: false },
  chargeAtResume: { date: "2030-04-01", amount: 40 },
};
const pausedAfter: Subscription = {
  ...subscription,
  pause: { start: "2030-02-01", resumeDate: "2030-04-01" },
};

describe("Pause Subscription dialog (issue 33 §1)", () => {
  const ok = () => button("Pause subscription", top());

  async function openPause() {
    openWith((d) => d.openPause(subscription, 3));
    await waitFor(() => radio("1 billing cycle"));
  }

  it("offers 1 to the company's most cycles, and OK does nothing before a choice", async () => {
    answer({
      [`${BASE}/pause-preview`]: resolve(pausePreview),
      [`${BASE}/pause`]: resolve({ subscription: pausedAfter }),
    });
    await openPause();
    expect(titleOf(top())).toBe("Pause Subscription");
    expect(radioLabels()).toEqual(["1 billing cycle", "2 billing cycles", "3 billing cycles"]);
    expect(radioLabels().map((label) => radio(label!).checked)).toEqual([false, false, false]);
    expect(ok().getAttribute("aria-disabled")).toBe("true");
    click(ok());
    await settle();
    expect(apiFetch).not.toHaveBeenCalled();
    expect(dialogs()).toHaveLength(1);
  });

  it("previews the chosen pause, then pauses for it and says until when", async () => {
    answer({
      [`${BASE}/pause-preview`]: resolve(pausePreview),
      [`${BASE}/pause`]: resolve({ subscription: pausedAfter }),
    });
    await openPause();
    click(radio("2 billing cycles"));
    await waitFor(() => expect(text()).toContain("Billing resumes on"));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/pause-preview?cycles=2`);
    expect(callsTo(`${BASE}/pause-preview?cycles=1`)).toHaveLength(0);
    expect(text()).toContain("Paused fromFebruary 01, 2030");
    expect(text()).toContain("Billing resumes onApril 01, 2030");
    expect(text()).toContain("Bill when the pause beginsA credit of $14.25 on February 01, 2030");
    expect(text()).toContain("Charged when it resumes$40.00 on April 01, 2030");
    expect(ok().getAttribute("aria-disabled")).toBeNull();

    click(ok());
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/pause`, {
      method: "POST",
      body: { cycles: 2 },
    });
    expect(callsTo(`${BASE}/pause`)).toHaveLength(1);
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription paused until April 01, 2030.");
  });

  it("shows a refusal inside the dialog and stays open", async () => {
    answer({
      [`${BASE}/pause-preview`]: resolve(pausePreview),
      [`${BASE}/pause`]: () =>
        Promise.reject(
          new ApiError(400, "invalid_request", "errors.generic", {}, null, "Pausing is off."),
        ),
    });
    await openPause();
    click(radio("2 billing cycles"));
    await waitFor(() => expect(text()).toContain("Billing resumes on"));
    click(ok());
    await waitFor(() => expect(text()).toContain("Pausing is off."));
    const alerts = [...top().querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toContain("Pausing is off.");
    expect(dialogs()).toHaveLength(1);
    expect(toasts.toastSuccess).not.toHaveBeenCalled();
    expect(ok().getAttribute("aria-busy")).toBeNull();
  });
});

// ——— Resume ———

const chargePreview = {
  currency: "USD",
  chargeNow: { date: "2030-03-10", amount: 27.5 },
  nextInvoiceDate: "2030-04-01",
};

describe("Resume Subscription dialog (issue 33 §1)", () => {
  it("resumes a running pause now, showing what it charges", async () => {
    const paused: Subscription = {
      ...subscription,
      status: "paused",
      pause: { start: "2030-02-01", resumeDate: "2030-04-01" },
    };
    answer({
      [`${BASE}/resume-preview`]: resolve(chargePreview),
      [`${BASE}/resume`]: resolve({ subscription }),
    });
    openWith((d) => d.openResume(paused));
    await waitFor(() => button("Resume now", top()));
    expect(titleOf(top())).toBe("Resume Subscription");
    expect(text()).toContain(
      `Resume ${isolate("Acme Pro (SUB-1)")} now? Billing starts again today.`,
    );
    expect(findButton("Stay paused", top())).toBeDefined();
    await waitFor(() => expect(text()).toContain("Charged now$27.50, invoiced on March 10, 2030"));
    expect(text()).toContain("Next invoiceApril 01, 2030");
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/resume-preview`);

    click(button("Resume now", top()));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/resume`, { method: "POST", body: {} });
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription resumed.");
  });

  it("calls off a pause set but not begun", async () => {
    const set: Subscription = {
      ...subscription,
      pause: { start: "2030-02-01", resumeDate: "2030-04-01" },
    };
    answer({
      [`${BASE}/resume-preview`]: resolve({
        ...chargePreview,
        chargeNow: { date: "2030-01-20", amount: 0 },
      }),
      [`${BASE}/resume`]: resolve({ subscription }),
    });
    openWith((d) => d.openResume(set));
    await waitFor(() => button("Call off pause", top()));
    expect(titleOf(top())).toBe("Call Off Pause");
    expect(text()).toContain(
      `The pause of ${isolate("Acme Pro (SUB-1)")} set from February 01, 2030 is called off`,
    );
    expect(findButton("Resume now", top())).toBeUndefined();
    expect(findButton("Keep pause", top())).toBeDefined();
    await waitFor(() => expect(text()).toContain("Charged nowNothing"));

    click(button("Call off pause", top()));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/resume`, { method: "POST", body: {} });
  });
});

// ——— Cancel in steps ———

const LEGEND = "Why are you cancelling? (optional)";
const NOTE = "Anything you would like us to know? (optional)";
const leaving: LeavingSettings = {
  cancelReasons: ["too_expensive", "other"],
  pauseMaxCycles: 3,
  offers: ["pause", "discount"],
};
const pauseOffer: RetentionOffer = {
  id: "pause",
  kind: "pause",
  cycles: 2,
  percentOff: null,
  resumeDate: "2030-04-01",
  planLineId: null,
  plan: null,
  preview: null,
};
const discountOffer: RetentionOffer = {
  id: "discount",
  kind: "discount",
  cycles: 3,
  percentOff: 20,
  resumeDate: null,
  planLineId: null,
  plan: null,
  preview: null,
};

const note = () => byLabel<HTMLTextAreaElement>(NOTE);
const legend = () => top().querySelector("legend")?.textContent;
const onReasonStep = () => expect(legend()).toBe(LEGEND);
const onOffersStep = () => expect(text()).toContain("Before you go");
const onConfirmStep = () => expect(radio("Today")).toBeDefined();
const cancelCalls = () => callsTo(`${BASE}/cancel`);

/** The routes of the cancel dialog, `offers` answering the offers. */
function cancelRoutes(offers: Answer = resolve({ offers: [pauseOffer, discountOffer] })) {
  answer({
    [`${BASE}/offers`]: offers,
    [`${BASE}/cancel-date`]: resolve({ endDate: "2030-01-20" }),
    [`${BASE}/cancel-preview`]: notFound,
    [`${BASE}/cancel`]: resolve({ subscription: { ...subscription, status: "cancelled" } }),
    [`${BASE}/offers/discount/accept`]: resolve({ subscription }),
    [`${BASE}/offers/pause/accept`]: resolve({ subscription: pausedAfter }),
  });
}

async function openCancel(settings: LeavingSettings | null = leaving) {
  openWith((d) => d.openCancel(subscription, settings));
  await waitFor(() => expect(top().querySelector("legend")).not.toBeNull());
}

/** On the confirmation: "Today", its date looked up, then OK. */
async function confirmToday() {
  click(radio("Today"));
  await waitFor(() => expect(text()).toContain("Last active day"));
  click(button("Cancel subscription", top()));
  await waitFor(() => expect(dialogs()).toHaveLength(0));
}

describe("Cancel Subscription in steps (issue 33 §2)", () => {
  it("asks why first, optionally; Skip goes on and sends no reason", async () => {
    cancelRoutes();
    await openCancel();
    expect(titleOf(top())).toBe("Cancel Subscription");
    onReasonStep();
    expect(radioLabels()).toEqual(["It costs too much", "Another reason"]);
    expect(radio("It costs too much").checked).toBe(false);
    expect(note().value).toBe("");
    expect(text()).toContain("0 of 500 characters");
    expect(findButton("Continue", top())).toBeDefined();

    // What was chosen and typed before Skip is not sent.
    click(radio("It costs too much"));
    typeText(note(), "Too dear.");
    expect(text()).toContain("9 of 500 characters");
    click(button("Skip", top()));
    await waitFor(onOffersStep);
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);
    await confirmToday();
    expect(cancelCalls()).toEqual([
      [
        `${BASE}/cancel`,
        { method: "POST", body: { cancellationType: "today", cancellationDate: "2030-01-20" } },
      ],
    ]);
    expect(toasts.toastSuccess).toHaveBeenCalledWith("Subscription cancelled successfully");
  });

  it("sends the reason chosen and the note, trimmed, with the cancellation", async () => {
    cancelRoutes();
    await openCancel();
    click(radio("It costs too much"));
    typeText(note(), "  The price went up twice.\n");
    click(button("Continue", top()));
    await waitFor(onOffersStep);
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);
    expect(radioLabels()).toEqual([
      "Today",
      "End of Current Billing Period",
      "End of Previous Billing Period",
      "End of Current Contract Term",
      "Specific Date",
    ]);
    await confirmToday();
    expect(cancelCalls()).toEqual([
      [
        `${BASE}/cancel`,
        {
          method: "POST",
          body: {
            cancellationType: "today",
            cancellationDate: "2030-01-20",
            reasonCode: "too_expensive",
            reasonText: "The price went up twice.",
          },
        },
      ],
    ]);
  });

  it("holds a note over 500 characters back, as typed, and counts characters, not UTF-16 units", async () => {
    cancelRoutes();
    await openCancel();
    const long = `${"a".repeat(499)}😀b`;
    typeText(note(), long);
    expect(text()).toContain("501 of 500 characters");
    expect(text()).toContain("Keep it to 500 characters: shorten it by 1.");
    expect(note().getAttribute("aria-invalid")).toBe("true");
    click(button("Continue", top()));
    await settle();
    onReasonStep();
    expect(text()).not.toContain("Before you go");
    expect(note().value).toBe(long);
    expect(cancelCalls()).toHaveLength(0);

    // 500 emoji are 1,000 UTF-16 units but 500 characters: they fit.
    const emoji = "😀".repeat(500);
    typeText(note(), emoji);
    expect(text()).toContain("500 of 500 characters");
    expect(text()).not.toContain("Keep it to 500 characters");
    expect(note().getAttribute("aria-invalid")).toBeNull();
    click(button("Continue", top()));
    await waitFor(onOffersStep);
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);
    await confirmToday();
    expect(cancelCalls()[0]?.[1]).toMatchObject({ body: { reasonText: emoji } });
  });

  it("offers a pause and a discount with their terms; accepting one cancels nothing", async () => {
    cancelRoutes();
    await openCancel();
    click(button("Continue", top()));
    await waitFor(() => expect(text()).toContain("20% off"));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/offers`);
    const items = [...top().querySelectorAll("li")];
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([
      "Pause instead",
      "20% off",
    ]);
    expect(items[0]?.textContent).toContain(
      "Take a break for 2 billing cycles: nothing is billed while paused, and billing resumes by itself on April 01, 2030.",
    );
    expect(items[1]?.textContent).toContain("Stay, and your next 3 invoices are 20% lower.");

    click(button("Accept", items[1]!));
    await waitFor(() => expect(dialogs()).toHaveLength(0));
    expect(apiFetch).toHaveBeenCalledWith(`${BASE}/offers/discount/accept`, {
      method: "POST",
      body: {},
    });
    expect(callsTo(`${BASE}/offers/pause/accept`)).toHaveLength(0);
    expect(toasts.toastSuccess).toHaveBeenCalledWith(
      "Discount applied: 20% off your next 3 invoices.",
    );
    expect(cancelCalls()).toHaveLength(0);
  });

  it("words a cheaper plan with the plan it replaces, the next invoice and today's credit", async () => {
    // Two plan lines: the offer names the second, the one the billing API would replace.
    const twoLines = {
      ...subscription,
      plans: [goldLine, { ...goldLine, id: "SPL-2", planId: "PLN-SILVER", name: "Silver" }],
    };
    const cheaper: RetentionOffer = {
      id: "cheaper_plan",
      kind: "cheaper_plan",
      cycles: null,
      percentOff: null,
      resumeDate: null,
      planLineId: "SPL-2",
      plan: { id: "PLN-BASIC", name: "Basic" },
      preview: {
        priorInvoice: 50,
        currentInvoice: -7.5,
        nextInvoice: 30,
        contractEffectiveDate: "2030-02-01",
        currency: "USD",
      },
    };
    cancelRoutes(resolve({ offers: [cheaper] }));
    openWith((d) => d.openCancel(twoLines, leaving));
    await waitFor(() => expect(top().querySelector("legend")).not.toBeNull());
    click(button("Continue", top()));
    await waitFor(() => expect(text()).toContain(`Switch to ${isolate("Basic")}`));
    expect(text()).toContain(
      `Replace ${isolate("Silver")} with ${isolate("Basic")}. Your next invoice: $30.00.`,
    );
    expect(text()).toContain("Credited today for the change: $7.50.");
  });

  it("shows a refused offer inside the dialog and stays on the offers", async () => {
    cancelRoutes();
    const routes = apiFetch.getMockImplementation()!;
    apiFetch.mockImplementation((path: string, init?: unknown) =>
      path === `${BASE}/offers/pause/accept`
        ? Promise.reject(
            new ApiError(400, "invalid_request", "errors.generic", {}, null, "Accepted before."),
          )
        : routes(path, init),
    );
    await openCancel();
    click(button("Continue", top()));
    await waitFor(() => expect(text()).toContain("Pause instead"));
    // The step's heading has the focus as it opens, and only then.
    const heading = top().querySelector("h3")!;
    expect(document.activeElement).toBe(heading);
    const accept = button("Accept", top().querySelector("li")!);
    accept.focus();
    click(accept);
    await waitFor(() => expect(alertText()).toBe("Accepted before."));
    expect(dialogs()).toHaveLength(1);
    onOffersStep();
    expect(toasts.toastSuccess).not.toHaveBeenCalled();
    // The refusal re-rendered the step: the focus stays where the customer put it.
    expect(document.activeElement).not.toBe(heading);
  });

  it("goes straight from the reason to the confirmation when there is no offer ([] or 404)", async () => {
    for (const offers of [resolve({ offers: [] }), notFound]) {
      cancelRoutes(offers);
      await openCancel();
      // The offers are asked as the dialog opens, and have answered before Continue.
      await waitFor(() => expect(callsTo(`${BASE}/offers`)).toHaveLength(1));
      await settle();
      typeText(note(), "Moving away.");
      click(button("Continue", top()));
      await waitFor(onConfirmStep);
      expect(text()).not.toContain("Before you go");
      // Back returns to the reason, the note kept.
      click(button("Back", top()));
      await waitFor(onReasonStep);
      expect(note().value).toBe("Moving away.");
      cleanUp();
      apiFetch.mockReset();
    }
  });

  it("opens straight on the confirmation without leaving settings, with no Back and no offers asked", async () => {
    cancelRoutes();
    openWith((d) => d.openCancel(subscription, null));
    await waitFor(onConfirmStep);
    expect(legend()).toBe("End the subscription");
    expect(findButton("Back", top())).toBeUndefined();
    expect(findButton("Skip", top())).toBeUndefined();
    await confirmToday();
    expect(callsTo(`${BASE}/offers`)).toHaveLength(0);
    expect(cancelCalls()[0]?.[1]).toEqual({
      method: "POST",
      body: { cancellationType: "today", cancellationDate: "2030-01-20" },
    });
  });

  it("opens on the offers when the company asks no reason, with no Back there", async () => {
    cancelRoutes();
    openWith((d) => d.openCancel(subscription, { ...leaving, cancelReasons: [] }));
    await waitFor(() => expect(text()).toContain("20% off"));
    expect(top().querySelector("legend")).toBeNull();
    expect(findButton("Back", top())).toBeUndefined();
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);
    click(button("Back", top()));
    await waitFor(onOffersStep);
  });

  it("Back goes from the confirmation to the offers and on to the reason, all kept", async () => {
    cancelRoutes();
    await openCancel();
    click(radio("Another reason"));
    typeText(note(), "We are closing the office.");
    click(button("Continue", top()));
    await waitFor(onOffersStep);
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);

    click(button("Back", top()));
    await waitFor(onOffersStep);
    expect(text()).toContain("Pause instead");
    click(button("Back", top()));
    await waitFor(onReasonStep);
    expect(note().value).toBe("We are closing the office.");
    expect(radio("Another reason").checked).toBe(true);
    expect(text()).toContain("26 of 500 characters");

    // And what was kept is what is sent.
    click(button("Continue", top()));
    await waitFor(onOffersStep);
    click(button("No thanks, continue", top()));
    await waitFor(onConfirmStep);
    await confirmToday();
    expect(cancelCalls()[0]?.[1]).toMatchObject({
      body: { reasonCode: "other", reasonText: "We are closing the office." },
    });
  });
});
