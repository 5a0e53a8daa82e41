/**
 * A map with a cap on its entries and on their bytes, for anything kept per input (query strings,
 * idempotency keys, tokens, rules): past either cap the oldest entries go first. What an entry
 * costs is the caller's estimate (`bytesOf`); an entry that alone is over the byte cap is not kept.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #bytesOf: (key: string, value: V) => number;
  #bytes = 0;

  constructor(options: { maxEntries: number; maxBytes: number; bytesOf: (key: string, value: V) => number }) {
    this.#maxEntries = options.maxEntries;
    this.#maxBytes = options.maxBytes;
    this.#bytesOf = options.bytesOf;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The estimated bytes of what is kept. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Keeps `value` (measured again when the key was there) as the newest entry. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = this.#bytesOf(key, value);
    if (bytes > this.#maxBytes) return;
    // Maps iterate in insertion order: the first key is the oldest entry.
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#maxEntries || this.#bytes + bytes > this.#maxBytes)
    ) {
      this.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Bytes of a string as V8 may hold it (two a character), for `bytesOf` estimates. */
export function stringBytes(value: string): number {
  return value.length * 2;
}
