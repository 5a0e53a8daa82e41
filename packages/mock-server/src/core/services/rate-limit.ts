import { stringBytes } from './bounded-cache';

/** Callers counted one by one per window; past either cap, new callers share one count. */
const MAX_CALLERS = 10_000;
const MAX_CALLER_BYTES = 4 * 1024 * 1024;
/** Not a header value a caller can send (header values cannot hold a line break). */
const OVERFLOW = '\n';

/** A fixed one-minute window per caller; only used when rate limiting is switched on. */
export class RateLimiter {
  #windowStart = 0;
  #counts = new Map<string, number>();
  #bytes = 0;

  constructor(private readonly perMinute: number) {}

  /** Forgets every count (a reset or import starts the server over). */
  clear(): void {
    this.#windowStart = 0;
    this.#counts.clear();
    this.#bytes = 0;
  }

  /** Seconds to wait, or 0 when the request may go on. */
  hit(caller: string, now: number): number {
    if (now - this.#windowStart >= 60_000) {
      this.#windowStart = now;
      this.#counts.clear();
      this.#bytes = 0;
    }
    // The caller is the client's own header: a flood of distinct ones is counted together, which
    // bounds the map and still limits the flood.
    let key = caller;
    if (!this.#counts.has(key)) {
      const bytes = stringBytes(key) + 64;
      if (this.#counts.size >= MAX_CALLERS || this.#bytes + bytes > MAX_CALLER_BYTES) key = OVERFLOW;
      else this.#bytes += bytes;
    }
    const count = (this.#counts.get(key) ?? 0) + 1;
    this.#counts.set(key, count);
    return count > this.perMinute ? Math.ceil((this.#windowStart + 60_000 - now) / 1000) : 0;
  }
}
