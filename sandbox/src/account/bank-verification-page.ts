/**
 * The bank-verification page behind a payment method's `verify_url` (the provider's micro-deposit
 * page in real life): GET shows the account and a "Verify" button, POST marks it verified.
 */
import type { Db } from "../db";
import { forbiddenPage, html, page, type PageResponse } from "./html";
import { verifyBankPagePath, type PageLinks } from "./page-links";
import { checkSignedPath } from "./signed-links";

type Account = { id: string; type: string; account_number: string; status: string; name: string };

/** GET: the account and its Verify button; POST: verified. Bad or expired signature → 403. */
export async function bankVerificationPage(
  db: Db,
  links: PageLinks,
  verifyToken: string,
  req: { method: "GET" | "POST"; query: URLSearchParams },
): Promise<PageResponse> {
  const path = verifyBankPagePath(verifyToken);
  const check = checkSignedPath(links.key, path, req.query, links.now);
  if (check !== "valid") return forbiddenPage(check);
  const [account] = await db.query<Account>(
    `SELECT pm.id, pm.type, pm.account_number, pm.status, c.name
       FROM payment_methods pm JOIN customers c ON c.id = pm.customer_id
      WHERE pm.verify_token = $1`,
    [verifyToken],
  );
  if (!account) {
    return page(
      404,
      "Bank account not found",
      html`<h1>Bank account not found</h1>
        <p class="alert" role="alert">This bank account has been removed.</p>`,
    );
  }
  const label = `${account.type} ${account.account_number}`;
  if (account.status === "verified") {
    return page(
      200,
      "Bank account verified",
      html`<h1>Bank account verified</h1>
        <p class="success" role="status">${label} of ${account.name} is already verified.</p>`,
    );
  }
  if (req.method === "POST") {
    await db.query(
      "UPDATE payment_methods SET status = 'verified' WHERE id = $1 AND status <> 'verified'",
      [account.id],
    );
    return page(
      200,
      "Bank account verified",
      html`<h1>Bank account verified</h1>
        <p class="success" role="status">${label} of ${account.name} is now verified.</p>
        <p>You can close this tab and reload your account page.</p>`,
    );
  }
  return page(
    200,
    "Verify your bank account",
    html`<h1>Verify your bank account</h1>
      <p id="account">
        ${label} of ${account.name} is waiting for verification. In the sandbox, the micro-deposits
        count as confirmed once you press Verify.
      </p>
      <form method="post" action="${path}?${req.query.toString()}">
        <button type="submit" aria-describedby="account">Verify</button>
      </form>`,
  );
}
