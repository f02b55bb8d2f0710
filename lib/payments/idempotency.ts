// A payment attempt's Idempotency-Key (docs/CONTRACT.md §7.5), made in the browser: the same key
// goes with every retry of one attempt (a double click, a lost answer), a new one with the next.

/** 24 random bytes as base64url: 32 characters, within the contract's 16–128. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}

/** Whether a failed attempt may have reached the billing API: retried with the same key. */
export const mayRetrySameKey = (status: number) => status === 0 || status === 502 || status === 504;
