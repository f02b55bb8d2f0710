/**
 * Login-failure limits (CONTRACT.md §1). They slow a guesser without letting anyone lock a known
 * e-mail out: a limit that counted an e-mail's failures from everywhere (5 in 15 minutes, as it
 * once did) let anyone who knows a customer's address keep that customer out.
 * - 5 failures for one e-mail (per company) from one client within 15 minutes: that client waits
 *   (429) for that e-mail; everyone else goes on.
 * - 20 failures from one client within 15 minutes, whatever the e-mails: that client waits.
 * - 5 failures for one e-mail from anywhere within 15 minutes: that e-mail's next sign-ins need a
 *   bot check (`captcha_required`) until the window frees up or someone signs in. A distributed
 *   guesser pays a captcha per try; the customer solves one and signs in.
 * Sliding windows kept in memory; a successful login clears the e-mail's windows. Blocked attempts
 * are not counted.
 */
export const LOGIN_LIMITS = {
  accountFromClient: { max: 5, windowMs: 15 * 60_000 },
  client: { max: 20, windowMs: 15 * 60_000 },
  accountCaptcha: { max: 5, windowMs: 15 * 60_000 },
} as const;

type Limit = { max: number; windowMs: number };

class SlidingWindow {
  readonly #hits = new Map<string, number[]>();
  constructor(readonly limit: Limit) {}

  #live(key: string, now: number): number[] {
    const list = this.#hits.get(key);
    if (!list) return [];
    const from = now - this.limit.windowMs;
    const live = list.filter((t) => t > from);
    if (live.length === 0) this.#hits.delete(key);
    else if (live.length !== list.length) this.#hits.set(key, live);
    return live;
  }

  /** Milliseconds until one more attempt is allowed, or 0 when allowed now. */
  blockedFor(key: string, now: number): number {
    const live = this.#live(key, now);
    if (live.length < this.limit.max) return 0;
    // The window frees up when the oldest hit that keeps the count at the limit leaves it.
    const pivot = live[live.length - this.limit.max] ?? now;
    return Math.max(1, pivot + this.limit.windowMs - now);
  }

  add(key: string, now: number): void {
    const live = this.#live(key, now);
    live.push(now);
    this.#hits.set(key, live);
  }

  clear(key: string): void {
    this.#hits.delete(key);
  }

  clearAll(): void {
    this.#hits.clear();
  }
}

export class LoginRateLimiter {
  readonly #accountFromClient = new SlidingWindow(LOGIN_LIMITS.accountFromClient);
  readonly #client: SlidingWindow;
  readonly #account = new SlidingWindow(LOGIN_LIMITS.accountCaptcha);

  /**
   * clientMax: failures one client may make per window (the e2e suite raises it; see
   * sandbox/README.md).
   */
  constructor(clientMax: number = LOGIN_LIMITS.client.max) {
    this.#client = new SlidingWindow({ ...LOGIN_LIMITS.client, max: clientMax });
  }

  static accountKey(companyId: string, email: string): string {
    return `${companyId}\n${email.trim().toLowerCase()}`;
  }

  /** Milliseconds the attempt must wait (0: go ahead). accountKey is null for punch-out attempts. */
  blockedFor(accountKey: string | null, client: string, now: number): number {
    const waits = [this.#client.blockedFor(client, now)];
    if (accountKey !== null)
      waits.push(this.#accountFromClient.blockedFor(`${accountKey}\n${client}`, now));
    return Math.max(...waits);
  }

  /** Whether a sign-in to this e-mail needs a bot check: it failed too often from anywhere. */
  captchaRequired(accountKey: string, now: number): boolean {
    return this.#account.blockedFor(accountKey, now) > 0;
  }

  recordFailure(accountKey: string | null, client: string, now: number): void {
    this.#client.add(client, now);
    if (accountKey !== null) {
      this.#accountFromClient.add(`${accountKey}\n${client}`, now);
      this.#account.add(accountKey, now);
    }
  }

  /** The e-mail's own windows start afresh: its customer got in. */
  recordSuccess(accountKey: string, client: string): void {
    this.#accountFromClient.clear(`${accountKey}\n${client}`);
    this.#account.clear(accountKey);
  }

  reset(): void {
    this.#accountFromClient.clearAll();
    this.#client.clearAll();
    this.#account.clearAll();
  }
}
