// Pause, leave or come back on fair terms (issue 33) against the sandbox: the pause dialog says
// what the billing API previews and the clock then bills exactly that; Resume now and Call off
// pause show their charge first; the cancel steps keep the reason and make the company's offers;
// refusals are said inside the dialog. Every test works on a new user whose own customer has a
// copy of ada's subscriptions (and its own test clock), so the two workers never collide.
import type { Locator, Page } from "@playwright/test";
import { PORTAL, api, snapDialog } from "./support/account";
import { inLocale, expectLocale } from "./support/locale";
import { texts } from "./support/messages";
import { expectAccessible, expectNoHorizontalScroll, toast } from "./support/page-checks";
import { sandboxUrl } from "./support/sandbox";
import { expect, test } from "./support/signed-in";
import {
  HEAD_OFFICE,
  WORKSHOP,
  actionsOf,
  advanceClock,
  bearerOf,
  cancelDialog,
  chargeWords,
  definition,
  invoicesOf,
  longDate,
  monthsAfter,
  openDialog,
  ownSubscriptions,
  panelOf,
  pauseAtApi,
  pauseDialog,
  periodEstimateOf,
  resumeDialog,
  sandboxOffers,
  sandboxPausePreview,
  sandboxResumePreview,
  settlingBillWords,
  subscriptionOf,
  toCancelConfirmation,
  usd,
} from "./support/subscriptions";

/** A day as the chips and the "This period" card show it: 'Mon DD, YYYY'. */
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));

/** A few days after a YYYY-MM-DD day. */
function daysAfter(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A /v1 call with the user's bearer, answered as it is: its status and the envelope's error. */
async function v1(
  email: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; error: string | null }> {
  const res = await fetch(`${sandboxUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${await bearerOf(email)}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { error: string | null };
  return { status: res.status, error: json.error };
}

/** Presses Tab (or Shift+Tab) until `target` has the focus (keyboard-only navigation). */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

/** A subscription's panel action, by its exact name. */
const action = (page: Page, name: string, label: string) =>
  actionsOf(panelOf(page, name), name).getByRole("button", { name: label, exact: true });

/** The chips beside a panel's name: the status, and a pause set. */
const chip = (page: Page, name: string, text: string) =>
  panelOf(page, name).getByText(text, { exact: true });

/** A subscription's entry on the dashboard's "This period" card. */
const periodEntry = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "This period" })
    .getByRole("list", { name: "This period by subscription" })
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A sentence with names in it: each name may stand between bidi isolates (U+2068 … U+2069). */
function isolated(parts: TemplateStringsArray, ...names: string[]): RegExp {
  const source = parts.raw
    .map((part, i) =>
      i < names.length ? `${escape(part)}\u2068?${escape(names[i]!)}\u2069?` : escape(part),
    )
    .join("");
  return new RegExp(source);
}

/** An offer of Cancel's second step, by its title. */
const offer = (dialog: Locator, title: string | RegExp) =>
  dialog.getByRole("list", { name: "Before you go" }).getByRole("listitem", { name: title });

test.describe("pause and resume", () => {
  test("pause: the dialog's dates and bills are the billing API's preview; the panel says it; nothing is billed while paused; the resume invoice equals the preview @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);
    const expected = await sandboxPausePreview(email, id, 2);
    const { pause_start: start, resume_date: resume } = expected;

    const dialog = await openDialog(action(page, HEAD_OFFICE, "Pause"), pauseDialog(page));
    const choices = dialog.getByRole("group", { name: "Pause for" }).getByRole("radio");
    await expect(choices).toHaveCount(3);
    await dialog.getByRole("radio", { name: "2 billing cycles" }).check();
    await expect(definition(dialog, "Paused from")).toHaveText(longDate(start));
    await expect(definition(dialog, "Billing resumes on")).toHaveText(longDate(resume));
    const bill = settlingBillWords(expected.bill_at_pause);
    const billShown = definition(dialog, "Bill when the pause begins");
    await expect(billShown).toContainText(bill.sentence);
    if (bill.usage) await expect(billShown).toContainText("Usage recorded until then is added.");
    else await expect(billShown).not.toContainText("Usage recorded");
    await expect(definition(dialog, "Charged when it resumes")).toHaveText(
      chargeWords(expected.charge_at_resume, " on "),
    );
    await expectAccessible(page);
    if (testInfo.project.name === "mobile") await expectNoHorizontalScroll(page);

    await dialog.getByRole("button", { name: "Pause subscription" }).click();
    await expect(toast(page, `Subscription paused until ${longDate(resume)}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(chip(page, HEAD_OFFICE, "Active")).toBeVisible();
    await expect(
      chip(page, HEAD_OFFICE, `Pauses ${shortDate(start)} – ${shortDate(resume)}`),
    ).toBeVisible();
    // A pause set: it can only be called off (no Cancel, no Pause, no changes).
    await expect(actionsOf(panelOf(page, HEAD_OFFICE), HEAD_OFFICE).getByRole("button")).toHaveText(
      ["Call off pause"],
    );
    const saved = await subscriptionOf(email, id);
    expect([saved.pause_start?.value, saved.resume_date?.value]).toEqual([start, resume]);
    // "This period" is painted again without a reload: the period closes with the pause's bill.
    await expect(periodEntry(page, HEAD_OFFICE)).toContainText(
      `Pauses from ${shortDate(start)} until ${shortDate(resume)}: this period closes with the bill the pause leaves.`,
    );

    // Its first day: paused until the resume date, on the panel and on "This period".
    await advanceClock(email, start);
    await page.reload();
    await expect(chip(page, HEAD_OFFICE, `Paused until ${shortDate(resume)}`)).toBeVisible();
    await expect(actionsOf(panelOf(page, HEAD_OFFICE), HEAD_OFFICE).getByRole("button")).toHaveText(
      ["Resume now"],
    );
    await expect(periodEntry(page, HEAD_OFFICE)).toContainText(
      `Paused until ${shortDate(resume)}: nothing is billed until then. On ${shortDate(resume)} billing resumes.`,
    );
    if (testInfo.project.name === "mobile") await expectNoHorizontalScroll(page);

    // Past the resume date: the paused cycle's boundary billed nothing, the resume date exactly
    // what the dialog said (the head office bills on its start's day; the workshop on another).
    await advanceClock(email, resume);
    const invoices = await invoicesOf(email);
    const on = (day: string) => invoices.filter((i) => i.invoice_date === day);
    expect(on(resume).map((i) => i.invoice_amount)).toEqual([expected.charge_at_resume.amount]);
    expect(on(monthsAfter(start, 1))).toEqual([]);
    // The bill the pause left on its first day, as previewed: an invoice, or a credit note.
    const left = expected.bill_at_pause;
    expect(on(start).map((i) => i.invoice_amount)).toEqual(
      left.kind === "invoice" ? [left.amount] : [],
    );
    const { credits } = await api<{ credits: { credit_date: string; credit_amount: number }[] }>(
      "GET",
      "/v1/credits?size=100",
      undefined,
      await bearerOf(email),
    );
    expect(credits.filter((c) => c.credit_date === start).map((c) => c.credit_amount)).toEqual(
      left.kind === "credit_note" ? [-left.amount] : [],
    );
    await page.reload();
    await expect(chip(page, HEAD_OFFICE, "Active")).toBeVisible();
    await expect(action(page, HEAD_OFFICE, "Pause")).toBeVisible();
  });

  test("resume now shows its charge first and charges exactly that; call off charges nothing", async ({
    page,
  }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);
    const pause = await openDialog(action(page, HEAD_OFFICE, "Pause"), pauseDialog(page));
    await pause.getByRole("radio", { name: "1 billing cycle" }).check();
    await expect(definition(pause, "Paused from")).toBeVisible();
    await pause.getByRole("button", { name: "Pause subscription" }).click();
    await expect(pause).toBeHidden();
    const set = await subscriptionOf(email, id);
    const start = String(set.pause_start?.value);

    // A few days into the pause: resuming charges the periods from today.
    await advanceClock(email, daysAfter(start, 3));
    await page.reload();
    await expect(
      chip(page, HEAD_OFFICE, `Paused until ${shortDate(String(set.resume_date?.value))}`),
    ).toBeVisible();
    const expected = await sandboxResumePreview(email, id);
    expect(expected.charge_now.amount).toBeGreaterThan(0);
    const before = await invoicesOf(email);
    const resume = await openDialog(action(page, HEAD_OFFICE, "Resume now"), resumeDialog(page));
    await expect(definition(resume, "Charged now")).toHaveText(
      chargeWords(expected.charge_now, ", invoiced on "),
    );
    await expect(definition(resume, "Next invoice")).toHaveText(
      longDate(expected.next_invoice_date),
    );
    await resume.getByRole("button", { name: "Resume now" }).click();
    await expect(toast(page, "Subscription resumed.")).toBeVisible();
    await expect(resume).toBeHidden();
    await expect(chip(page, HEAD_OFFICE, "Active")).toBeVisible();
    await expect(panelOf(page, HEAD_OFFICE).getByText(/^Paused until /)).toHaveCount(0);
    const known = new Set(before.map((i) => i.id));
    const added = (await invoicesOf(email)).filter((i) => !known.has(i.id));
    expect(added.map((i) => [i.invoice_date, i.invoice_amount])).toEqual([
      [expected.charge_now.date, expected.charge_now.amount],
    ]);

    // Pause offered again; set, then called off before it begins: nothing is charged.
    await expect(action(page, HEAD_OFFICE, "Pause")).toBeVisible();
    await pauseAtApi(email, id, 1);
    await page.reload();
    const next = await sandboxResumePreview(email, id);
    expect(next.charge_now.amount).toBe(0);
    const callOff = await openDialog(
      action(page, HEAD_OFFICE, "Call off pause"),
      resumeDialog(page, false),
    );
    await expect(definition(callOff, "Charged now")).toHaveText("Nothing");
    await expect(definition(callOff, "Next invoice")).toHaveText(longDate(next.next_invoice_date));
    await callOff.getByRole("button", { name: "Call off pause" }).click();
    await expect(toast(page, "Subscription resumed.").last()).toBeVisible();
    await expect(callOff).toBeHidden();
    await expect(action(page, HEAD_OFFICE, "Pause")).toBeVisible();
    await expect(panelOf(page, HEAD_OFFICE).getByText(/^Pauses /)).toHaveCount(0);
    const after = await subscriptionOf(email, id);
    expect([after.status?.value, after.pause_start?.value ?? null]).toEqual(["active", null]);
    expect((await invoicesOf(email)).length).toBe(before.length + 1);
  });
});

test.describe("cancel: reasons and offers", () => {
  test("cancel in three steps: a reason is kept with the cancellation; Skip sends none", async ({
    page,
  }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const note = "Moving every site to the municipal utility from spring.";

    let dialog = await openDialog(action(page, HEAD_OFFICE, "Cancel"), cancelDialog(page));
    const reasons = dialog
      .getByRole("group", { name: "Why are you cancelling? (optional)" })
      .getByRole("radio");
    await expect(reasons).toHaveCount(6);
    await dialog.getByRole("radio", { name: "I am switching to another provider" }).check();
    await dialog
      .getByRole("textbox", { name: "Anything you would like us to know? (optional)" })
      .fill(note);
    await expect(dialog.getByText(`${note.length} of 500 characters`)).toBeVisible();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("heading", { name: "Before you go" })).toBeVisible();
    await dialog.getByRole("button", { name: "No thanks, continue" }).click();
    await dialog.getByRole("radio", { name: "End of Current Billing Period" }).check();
    await expect(definition(dialog, "Last active day")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(toast(page, "Subscription cancelled successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(panelOf(page, HEAD_OFFICE)).toHaveCount(0);
    const kept = await subscriptionOf(email, idOf(HEAD_OFFICE));
    expect([
      kept.status?.value,
      kept.cancellation_reason?.value,
      kept.cancellation_note?.value,
    ]).toEqual(["cancelled", "switching_provider", note]);

    // Chosen and typed, then skipped: nothing of it is sent.
    dialog = await openDialog(action(page, WORKSHOP, "Cancel"), cancelDialog(page));
    await dialog.getByRole("radio", { name: "It costs too much" }).check();
    await dialog
      .getByRole("textbox", { name: "Anything you would like us to know? (optional)" })
      .fill("Too dear");
    await toCancelConfirmation(dialog);
    await dialog.getByRole("radio", { name: "End of Current Billing Period" }).check();
    await expect(definition(dialog, "Last active day")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await expect(dialog).toBeHidden();
    await expect(panelOf(page, WORKSHOP)).toHaveCount(0);
    const skipped = await subscriptionOf(email, idOf(WORKSHOP));
    expect([
      skipped.status?.value,
      skipped.cancellation_reason?.value,
      skipped.cancellation_note?.value,
    ]).toEqual(["cancelled", null, null]);
  });

  test("an offer accepted instead of cancelling: the discount, and a second acceptance refused", async ({
    page,
  }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);
    const offered = await sandboxOffers(email, id);
    expect(offered.map((o) => o.kind)).toEqual(["pause", "cheaper_plan", "discount"]);
    const cheaper = offered.find((o) => o.kind === "cheaper_plan")!;
    const pauseOffer = offered.find((o) => o.kind === "pause")!;

    let dialog = await openDialog(action(page, HEAD_OFFICE, "Cancel"), cancelDialog(page));
    await dialog.getByRole("button", { name: "Skip" }).click();
    const list = dialog.getByRole("list", { name: "Before you go" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(offer(dialog, "Pause instead")).toContainText(
      `Take a break for ${pauseOffer.cycles} billing cycles: nothing is billed while paused, and billing resumes by itself on ${longDate(pauseOffer.resume_date!)}.`,
    );
    // Names inside a sentence are bidi-isolated (U+2068 … U+2069), in its accessible name too.
    const plan = offer(dialog, isolated`Switch to ${cheaper.plan!.name}`);
    const replaced = (await subscriptionOf(email, id)).plans.find(
      (p) => p.id?.value === cheaper.plan_line_id,
    )?.plan_name?.value;
    expect(replaced).toBeTruthy();
    await expect(plan).toContainText(
      isolated`Replace ${String(replaced)} with ${cheaper.plan!.name}. Your next invoice: ${usd(cheaper.change_preview!.next_invoice.invoice_amount)}.`,
    );
    const now = cheaper.change_preview!.current_invoice.invoice_amount;
    if (now !== 0)
      await expect(plan).toContainText(
        now < 0
          ? `Credited today for the change: ${usd(-now)}.`
          : `Charged today for the change: ${usd(now)}.`,
      );
    const discount = offer(dialog, "20% off");
    await expect(discount).toContainText("Stay, and your next 3 invoices are 20% lower.");

    await discount.getByRole("button", { name: "Accept" }).click();
    await expect(toast(page, "Discount applied: 20% off your next 3 invoices.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(chip(page, HEAD_OFFICE, "Active")).toBeVisible();
    expect((await subscriptionOf(email, id)).status?.value).toBe("active");

    // The period's total carries it, and it is not offered again.
    const estimate = (await periodEstimateOf(email, id)) as unknown as { discount: number };
    expect(estimate.discount).toBeLessThan(0);
    await page.reload();
    await expect(periodEntry(page, HEAD_OFFICE)).toContainText(
      `Includes a discount of ${usd(-estimate.discount)}.`,
    );
    dialog = await openDialog(action(page, HEAD_OFFICE, "Cancel"), cancelDialog(page));
    await dialog.getByRole("button", { name: "Skip" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(offer(dialog, "Pause instead")).toBeVisible();
    await expect(offer(dialog, "20% off")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Keep subscription" }).click();
    await expect(dialog).toBeHidden();

    // Accepting it again at the billing API is refused, in words for the customer.
    const again = await v1(
      email,
      "PUT",
      `/v1/subscriptions/${id}/retention_offers/discount/accept`,
      {},
    );
    expect(again).toEqual({ status: 400, error: "This offer has been accepted already." });

    // The pause offered instead, accepted on the workshop: paused as the offer said.
    const workshop = idOf(WORKSHOP);
    const instead = (await sandboxOffers(email, workshop)).find((o) => o.kind === "pause")!;
    dialog = await openDialog(action(page, WORKSHOP, "Cancel"), cancelDialog(page));
    await dialog.getByRole("button", { name: "Skip" }).click();
    await offer(dialog, "Pause instead").getByRole("button", { name: "Accept" }).click();
    await expect(
      toast(page, `Paused: billing resumes on ${longDate(instead.resume_date!)}.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const paused = await subscriptionOf(email, workshop);
    expect([paused.status?.value, paused.resume_date?.value]).toEqual([
      "active",
      instead.resume_date,
    ]);
    await expect(action(page, WORKSHOP, "Call off pause")).toBeVisible();
  });
});

test.describe("keyboard and refusals", () => {
  test("keyboard only: pause and the cancel steps", async ({ page }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const pause = action(page, HEAD_OFFICE, "Pause");
    await tabTo(page, pause);
    await page.keyboard.press("Enter");
    const dialog = pauseDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "1 billing cycle" })).toBeFocused();
    // Escape closes it and gives the focus back to Pause; Enter opens it again.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(pause).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("radio", { name: "1 billing cycle" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const two = dialog.getByRole("radio", { name: "2 billing cycles" });
    await expect(two).toBeFocused();
    await expect(two).toBeChecked();
    const expected = await sandboxPausePreview(email, idOf(HEAD_OFFICE), 2);
    await expect(definition(dialog, "Billing resumes on")).toHaveText(
      longDate(expected.resume_date),
    );
    await tabTo(page, dialog.getByRole("button", { name: "Pause subscription" }));
    await page.keyboard.press("Enter");
    await expect(
      toast(page, `Subscription paused until ${longDate(expected.resume_date)}.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(action(page, HEAD_OFFICE, "Call off pause")).toBeVisible();

    // Cancel's steps on the workshop: why, the offers, the timings.
    const cancel = action(page, WORKSHOP, "Cancel");
    await tabTo(page, cancel);
    await page.keyboard.press("Enter");
    const steps = cancelDialog(page);
    await expect(steps).toBeVisible();
    await expect(steps.getByRole("radio", { name: "It costs too much" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const notEnough = steps.getByRole("radio", { name: "I don't use it enough" });
    await expect(notEnough).toBeFocused();
    await expect(notEnough).toBeChecked();
    await page.keyboard.press("Tab");
    const note = steps.getByRole("textbox", {
      name: "Anything you would like us to know? (optional)",
    });
    await expect(note).toBeFocused();
    await page.keyboard.type("Used twice a year");
    await expect(note).toHaveValue("Used twice a year");
    await tabTo(page, steps.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    await expect(steps.getByRole("heading", { name: "Before you go" })).toBeFocused();
    await tabTo(page, steps.getByRole("button", { name: "No thanks, continue" }));
    await page.keyboard.press("Enter");
    await expect(steps.getByRole("radio", { name: "Today" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(steps).toBeHidden();
    await expect(cancel).toBeFocused();
    expect((await subscriptionOf(email, idOf(WORKSHOP))).status?.value).toBe("active");
  });

  test("refusals are said inside the dialog and change nothing", async ({ page }) => {
    test.slow();
    const { email, idOf } = await ownSubscriptions(page);
    const id = idOf(HEAD_OFFICE);

    // (a) A note over 500 characters: said beside it; Continue stays on the step; the text stays.
    const steps = await openDialog(action(page, HEAD_OFFICE, "Cancel"), cancelDialog(page));
    const note = steps.getByRole("textbox", {
      name: "Anything you would like us to know? (optional)",
    });
    const long = "x".repeat(501);
    await note.fill(long);
    await expect(steps.getByText("Keep it to 500 characters: shorten it by 1.")).toBeVisible();
    await steps.getByRole("button", { name: "Continue" }).click();
    await expect(note).toBeFocused();
    await expect(note).toHaveValue(long);
    await expect(steps.getByRole("heading", { name: "Before you go" })).toHaveCount(0);
    await expect(
      steps.getByRole("group", { name: "Why are you cancelling? (optional)" }),
    ).toBeVisible();
    await steps.getByRole("button", { name: "Keep subscription" }).click();
    await expect(steps).toBeHidden();
    expect((await subscriptionOf(email, id)).status?.value).toBe("active");

    // (b) Paused elsewhere while the dialog is open: the billing API's refusal, in the dialog.
    const dialog = await openDialog(action(page, HEAD_OFFICE, "Pause"), pauseDialog(page));
    await dialog.getByRole("radio", { name: "1 billing cycle" }).check();
    await expect(definition(dialog, "Paused from")).toBeVisible();
    const elsewhere = await sandboxPausePreview(email, id, 1);
    await pauseAtApi(email, id, 1);
    await dialog.getByRole("button", { name: "Pause subscription" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
      `A pause is set already, from ${elsewhere.pause_start}.`,
    );
    await expect(dialog).toBeVisible();
    const once = await subscriptionOf(email, id);
    expect([once.pause_start?.value, once.resume_date?.value]).toEqual([
      elsewhere.pause_start,
      elsewhere.resume_date,
    ]);
    await dialog.getByRole("button", { name: "Keep billing" }).click();
    await expect(dialog).toBeHidden();

    // (c) Cycles out of range, at the billing API: refused, no pause.
    const workshop = idOf(WORKSHOP);
    const refused = await v1(email, "PUT", `/v1/subscriptions/${workshop}/pause`, { cycles: 4 });
    expect(refused).toEqual({ status: 400, error: "A pause lasts from 1 to 3 billing cycles." });
    const untouched = await subscriptionOf(email, workshop);
    expect([untouched.pause_start?.value ?? null, untouched.resume_date?.value ?? null]).toEqual([
      null,
      null,
    ]);
  });
});

test.describe("Arabic", () => {
  test("Arabic: the pause dialog and the cancel steps read right to left @mobile", async ({
    page,
  }, testInfo) => {
    test.slow();
    await ownSubscriptions(page);
    await inLocale(page, "ar", PORTAL.acme);
    await page.reload();
    await expectLocale(page, "ar");
    const ar = texts("ar");
    const head = panelOf(page, HEAD_OFFICE);

    const pause = await openDialog(
      head.getByRole("button", { name: ar("subscriptions.actions.pause"), exact: true }),
      page.getByRole("dialog", { name: ar("subscriptionDialogs.pause.title") }),
    );
    const choices = pause.getByRole("radio");
    await expect(choices).toHaveCount(3);
    await choices.nth(1).check();
    await expect(definition(pause, ar("subscriptionDialogs.pause.resumes"))).toBeVisible();
    await expect(definition(pause, ar("subscriptionDialogs.pause.chargeAtResume"))).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(pause).toHaveCSS("direction", "rtl");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snapDialog(page, testInfo, "leaving-ar-pause");
    await pause.getByRole("button", { name: ar("subscriptionDialogs.pause.keep") }).click();
    await expect(pause).toBeHidden();

    const steps = await openDialog(
      head.getByRole("button", { name: ar("subscriptions.actions.cancel"), exact: true }),
      page.getByRole("dialog", { name: ar("subscriptionDialogs.cancel.title") }),
    );
    await expect(
      steps.getByRole("group", { name: ar("subscriptionDialogs.cancel.reasonLegend") }),
    ).toBeVisible();
    await expect(steps).toHaveCSS("direction", "rtl");
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snapDialog(page, testInfo, "leaving-ar-cancel-reason");

    await steps.getByRole("button", { name: ar("subscriptionDialogs.cancel.skip") }).click();
    await expect(
      steps.getByRole("list", { name: ar("subscriptionDialogs.cancel.offersHeading") }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snapDialog(page, testInfo, "leaving-ar-cancel-offers");

    await steps.getByRole("button", { name: ar("subscriptionDialogs.cancel.decline") }).click();
    await steps
      .getByRole("radio", {
        name: ar("subscriptionDialogs.cancel.types.end_of_current_billing_period"),
      })
      .check();
    await expect(definition(steps, ar("subscriptionDialogs.cancel.lastBill"))).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await snapDialog(page, testInfo, "leaving-ar-cancel-confirm");
    await steps.getByRole("button", { name: ar("subscriptionDialogs.cancel.keep") }).click();
    await expect(steps).toBeHidden();
  });
});
