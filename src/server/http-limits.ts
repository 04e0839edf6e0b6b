/**
 * The HTTP side's rate limit (docs/server.md, "HTTP"): per client address, a token bucket for
 * creating games and one for reading them (the list, a game, a replay). A request over the limit
 * gets 429 with `Retry-After`; a request bearing the admin token is not limited (the operator's
 * own lobby creates games for everyone from one address).
 */

export interface HttpLimits {
  /** Games one address may create a minute on average (default 60) … */
  createPerMinute: number;
  /** … and at once (default 20). */
  createBurst: number;
  /** Reads (`GET /games…`) one address may make a minute on average (default 300) … */
  readPerMinute: number;
  /** … and at once (default 60). */
  readBurst: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  createPerMinute: 60,
  createBurst: 20,
  readPerMinute: 300,
  readBurst: 60,
};

/** Addresses remembered at most; past this, those whose bucket is full again are forgotten. */
const MAX_ADDRESSES = 10_000;

/** A token bucket per client address. */
export class AddressLimiter {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  constructor(
    private readonly now: () => number,
    private readonly perMinute: number,
    private readonly burst: number,
  ) {}

  /** Takes one token for `address`: 0 when allowed, else the seconds until a token is there. */
  take(address: string): number {
    const t = this.now();
    const rate = this.perMinute / 60_000;
    let b = this.buckets.get(address);
    if (!b) {
      if (this.buckets.size >= MAX_ADDRESSES) this.forget(t);
      b = { tokens: this.burst, last: t };
      this.buckets.set(address, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + (t - b.last) * rate);
    b.last = t;
    if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
    b.tokens -= 1;
    return 0;
  }

  /** Forgets addresses whose bucket has filled again (they are as if new), then the oldest. */
  private forget(t: number): void {
    const rate = this.perMinute / 60_000;
    for (const [a, b] of this.buckets)
      if (b.tokens + (t - b.last) * rate >= this.burst) this.buckets.delete(a);
    for (const a of this.buckets.keys()) {
      if (this.buckets.size < MAX_ADDRESSES) break;
      this.buckets.delete(a);
    }
  }
}
