import { LRUCache } from 'lru-cache';

/**
 * A map with a cap on its entries and on their bytes, for anything kept per input (query strings,
 * idempotency keys, tokens, rules): past either cap the least recently used entries go first.
 * What an entry costs is the caller's estimate (`bytesOf`); an entry that alone is over the byte
 * cap is not kept. lru-cache does the bookkeeping; this fixes the two caps every use needs.
 */
export class BoundedCache<V extends {}> {
  readonly #entries: LRUCache<string, V>;

  constructor(options: { maxEntries: number; maxBytes: number; bytesOf: (key: string, value: V) => number }) {
    this.#entries = new LRUCache<string, V>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      // lru-cache wants a positive whole number of size units.
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.bytesOf(key, value))),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes of what is kept. */
  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps `value` (measured again when the key was there) as the most recent entry. */
  set(key: string, value: V): void {
    this.#entries.set(key, value);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** Bytes of a string as V8 may hold it (two a character), for `bytesOf` estimates. */
export function stringBytes(value: string): number {
  return value.length * 2;
}
