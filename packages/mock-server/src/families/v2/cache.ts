import type { StoreHealth } from '../../store/store';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * The video service's cache (what /v2/health/ready calls "the cache"): a bounded key-value map
 * with expiry, in process. It can be taken down (`fail`) to rehearse an outage: reads then miss,
 * writes are dropped, callers fall back to the state store, and readiness reports the reason.
 */
export class VideoCache {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #maxEntries: number;
  #outage: string | undefined;

  constructor(now: () => number, maxEntries = 10_000) {
    this.#now = now;
    this.#maxEntries = maxEntries;
  }

  get<T>(key: string): T | undefined {
    if (this.#outage) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(key: string, value: unknown, ttlMs: number): void {
    if (this.#outage) return;
    this.#entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest write.
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Takes the cache down: everything misses until `recover()`. */
  fail(reason: string): void {
    this.#outage = reason;
    this.#entries.clear();
  }

  recover(): void {
    this.#outage = undefined;
  }

  health(): StoreHealth {
    return this.#outage ? { ok: false, reason: this.#outage } : { ok: true };
  }
}
