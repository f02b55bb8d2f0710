// A layout save that outlives the page: the debounced width save still waiting when the page is
// hidden or unloaded (reload, navigation, closing the tab) goes out with fetch's `keepalive`, which
// the browser completes after the document is gone. Same route, headers and body as saveLayout in
// bff.ts (apiFetch): the BFF checks the Origin (sent by the browser) and X-CSRF on every mutation.
// The body is the app's own typed value; the BFF parses it (layoutChangeSchema) like any other.
import type { LayoutChange, ListId } from "@/lib/schemas/lists";

// keepalive bodies share a 64 KiB budget per page; a widths change is a few dozen bytes.
const KEEPALIVE_BODY_LIMIT = 60 * 1024;

/** PUT /api/lists/:list/layout with keepalive; rejects when the BFF refuses it or the body is too large to keep alive. */
export async function saveLayoutKeepalive(list: ListId, change: LayoutChange): Promise<void> {
  const body = JSON.stringify(change);
  if (body.length > KEEPALIVE_BODY_LIMIT) throw new Error("layout change too large for keepalive");
  const res = await fetch(`/api/lists/${list}/layout`, {
    method: "PUT",
    keepalive: true,
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json", "X-CSRF": "1", "Content-Type": "application/json" },
    body,
  });
  if (!res.ok) throw new Error(`layout save answered ${res.status}`);
}
