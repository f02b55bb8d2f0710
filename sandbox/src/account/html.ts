/** Rendering of the sandbox's small hosted HTML pages: escaping, one layout, strict headers. */
import { randomBytes } from "node:crypto";

/** An HTML answer of a hosted page. */
export type PageResponse = { status: number; html: string; headers: Record<string, string> };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Markup built by the tagged template `html`: interpolations are escaped unless already Markup. */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = string | number | Markup | null | undefined | false | Interpolation[];

function render(part: Interpolation): string {
  if (part === null || part === undefined || part === false) return "";
  if (Array.isArray(part)) return part.map(render).join("");
  if (part instanceof Markup) return part.value;
  return escapeHtml(part);
}

/** `html\`<p>${text}</p>\``: every interpolation is escaped (nested `html` fragments are kept). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): Markup {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? "");
  });
  return new Markup(out);
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, sans-serif; line-height: 1.5; }
  body { margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 0.75rem;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.375rem; margin-top: 0; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type="text"] { width: 100%; box-sizing: border-box; font: inherit; padding: 0.5rem;
         border: 1px solid #71717a; border-radius: 0.375rem; }
  input[aria-invalid="true"] { border-color: #b91c1c; }
  .check { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; }
  .hint { color: #52525b; font-size: 0.875rem; margin: 0.25rem 0 0; }
  .field-error { color: #b91c1c; font-size: 0.875rem; margin: 0.25rem 0 0; }
  .alert { border: 1px solid #b91c1c; background: #fef2f2; color: #7f1d1d; padding: 0.75rem; border-radius: 0.375rem; }
  .success { border: 1px solid #15803d; background: #f0fdf4; color: #14532d; padding: 0.75rem; border-radius: 0.375rem; }
  button { margin-top: 1.5rem; font: inherit; font-weight: 600; padding: 0.625rem 1.25rem; border: 0;
           border-radius: 0.375rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  code { font-size: 0.95em; }
  .note { margin-top: 2rem; color: #52525b; font-size: 0.8125rem; }
`;

/**
 * A whole page. Its CSP allows only its own inline style (by nonce) and form posts to itself;
 * the signed URL must not leak through Referer, and nobody may frame the page.
 */
export function page(status: number, title: string, body: Markup): PageResponse {
  const nonce = randomBytes(16).toString("base64");
  const doc = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style nonce="${nonce}">
          ${new Markup(STYLE)}
        </style>
      </head>
      <body>
        <main>
          ${body}
          <p class="note">
            Billing API sandbox: a stand-in for the payment provider's hosted page.
          </p>
        </main>
      </body>
    </html> `;
  return {
    status,
    html: doc.value,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  };
}

/** The answer to a link whose signature is wrong or whose time is up. */
export function forbiddenPage(reason: "expired" | "invalid"): PageResponse {
  const message =
    reason === "expired"
      ? "This link has expired. Go back to your account page and open it again."
      : "This link is not valid. Go back to your account page and open it again.";
  return page(
    403,
    "Link not valid",
    html`<h1>Link not valid</h1>
      <p class="alert" role="alert">${message}</p>`,
  );
}
