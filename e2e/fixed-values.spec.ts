// Fixed values (statuses, billing periods, pricing models) in the reader's language, while what
// the company named itself (its column labels, plan and field names) stays as it wrote it (issue 14).
import { columnTexts, headerLabels, settled } from "./support/dashboard";
import { expectAccessible, snap } from "./support/page-checks";
import { HEAD_OFFICE, definition, expand, panelOf } from "./support/subscriptions";
import { expect, test } from "./support/signed-in";

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "es", url: baseURL! }]);
});

test("the Spanish portal reads invoice and payment statuses in Spanish", async ({
  page,
}, testInfo) => {
  await page.goto("/portal/dashboard?tab=invoices");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("table", { name: /^Facturas: / })).toBeVisible();
  await settled(page);
  // The company's own column label stays as configured.
  const statusLabel = (await headerLabels(page)).find((label) => /^(Status|Estado)$/.test(label))!;
  const statuses = new Set(await columnTexts(page, statusLabel));
  expect([...statuses].some((s) => ["Pagada", "Pendiente de pago"].includes(s))).toBe(true);
  for (const english of ["Paid", "Unpaid", "Posted", "Partially paid", "Void"])
    expect(statuses.has(english), english).toBe(false);
  await expectAccessible(page);
  await snap(page, testInfo, "invoices-es");

  await page.goto("/portal/dashboard?tab=payments");
  await expect(page.getByRole("table", { name: /^Pagos: / })).toBeVisible();
  await settled(page);
  const payments = new Set(await columnTexts(page, statusLabel));
  expect([...payments].some((s) => ["Completado", "Fallido", "Pendiente"].includes(s))).toBe(true);
  for (const english of ["Succeeded", "Failed", "Pending", "Refunded"])
    expect(payments.has(english), english).toBe(false);
});

test("the Spanish portal reads a subscription's billing period and pricing models in Spanish", async ({
  page,
}, testInfo) => {
  await page.goto("/portal/dashboard?tab=subscriptions");
  await expect(panelOf(page, HEAD_OFFICE)).toBeVisible();
  await settled(page);
  const panel = await expand(page, HEAD_OFFICE, "Planes y cargos");
  // The field's label is the company's ("Billing Period"); its fixed value is translated.
  const info = panel.getByRole("region", { name: "Información básica" });
  await expect(definition(info, "Billing Period")).toHaveText("Mensual");
  // Charges' pricing models (the plan and charge names stay as the company wrote them).
  const models = panel.getByRole("term").filter({ hasText: /^Pricing Model$/ });
  await expect(models.first()).toBeVisible();
  const texts = await models.evaluateAll((dts) =>
    dts.map((dt) => dt.nextElementSibling?.textContent?.trim() ?? ""),
  );
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((t) => ["Flat", "Per unit", "Tiered", "Volume"].includes(t))).toEqual([]);
  expect(texts.some((t) => ["Tarifa fija", "Por unidad", "Por tramos"].includes(t))).toBe(true);
  await expectAccessible(page);
  await snap(page, testInfo, "subscriptions-es");
});
