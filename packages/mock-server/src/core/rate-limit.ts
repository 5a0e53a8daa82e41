/** A fixed one-minute window per caller; only used when rate limiting is switched on. */
export class RateLimiter {
  #windowStart = 0;
  #counts = new Map<string, number>();

  constructor(private readonly perMinute: number) {}

  /** Seconds to wait, or 0 when the request may go on. */
  hit(caller: string, now: number): number {
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now;
      this.#counts.clear();
    }
    const count = (this.#counts.get(caller) ?? 0) + 1;
    this.#counts.set(caller, count);
    return count > this.perMinute ? Math.ceil((this.#windowStart + 60_000 - now) / 1000) : 0;
  }
}
