/**
 * Login-failure limits (CONTRACT.md §1): 5 failures for one e-mail (per company) within 15 minutes,
 * 20 failures from one client within 15 minutes, and never more than 100 failures an hour for an
 * account. Sliding windows kept in memory; a successful login clears the e-mail's 15-minute window
 * (the hourly account cap is not cleared by a success, so alternating guesses with successful logins
 * cannot exceed it). Blocked attempts are not counted.
 */
export const LOGIN_LIMITS = {
  account: { max: 5, windowMs: 15 * 60_000 },
  client: { max: 20, windowMs: 15 * 60_000 },
  accountHourly: { max: 100, windowMs: 60 * 60_000 },
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
  readonly #account = new SlidingWindow(LOGIN_LIMITS.account);
  readonly #client: SlidingWindow;
  readonly #hourly = new SlidingWindow(LOGIN_LIMITS.accountHourly);

  /** clientMax: failures one client may make per window (the e2e suite raises it; see the README). */
  constructor(clientMax: number = LOGIN_LIMITS.client.max) {
    this.#client = new SlidingWindow({ ...LOGIN_LIMITS.client, max: clientMax });
  }

  static accountKey(companyId: string, email: string): string {
    return `${companyId}\n${email.trim().toLowerCase()}`;
  }

  /** Milliseconds the attempt must wait (0: go ahead). accountKey is null for punch-out attempts. */
  blockedFor(accountKey: string | null, client: string, now: number): number {
    const waits = [this.#client.blockedFor(client, now)];
    if (accountKey !== null) {
      waits.push(
        this.#account.blockedFor(accountKey, now),
        this.#hourly.blockedFor(accountKey, now),
      );
    }
    return Math.max(...waits);
  }

  recordFailure(accountKey: string | null, client: string, now: number): void {
    this.#client.add(client, now);
    if (accountKey !== null) {
      this.#account.add(accountKey, now);
      this.#hourly.add(accountKey, now);
    }
  }

  recordSuccess(accountKey: string): void {
    this.#account.clear(accountKey);
  }

  reset(): void {
    this.#account.clearAll();
    this.#client.clearAll();
    this.#hourly.clearAll();
  }
}
