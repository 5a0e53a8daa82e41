import type { Persistence } from './persistence';
import { type State, StateSchema } from './state';

/** The part of the Web Storage API this needs (`localStorage`, `sessionStorage`, or a test double). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const DEFAULT_STORAGE_KEY = 'nimbus-mock-state';

/**
 * The state as one serialised string under a key of `localStorage`, so a page reload keeps it.
 * The store coalesces changes and hands one string per flush; a full storage (QuotaExceededError)
 * makes the write fail, and the store then refuses writes (503) until one succeeds.
 * Another tab's writes are not followed: each tab keeps working on the state it loaded.
 */
export class LocalStoragePersistence implements Persistence {
  readonly location: string;
  readonly durable = true;
  readonly #storage: KeyValueStorage;
  readonly #key: string;

  constructor(options: { key?: string; storage?: KeyValueStorage } = {}) {
    this.#key = options.key ?? DEFAULT_STORAGE_KEY;
    const storage = options.storage ?? (globalThis as { localStorage?: KeyValueStorage }).localStorage;
    if (!storage) throw new Error('No localStorage in this runtime: pass `storage` in the persist options.');
    this.#storage = storage;
    this.location = `localStorage["${this.#key}"]`;
  }

  async load(): Promise<State | undefined> {
    const text = this.#storage.getItem(this.#key);
    if (text === null) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.#invalid(`not JSON: ${(error as Error).message}`);
    }
    const parsed = StateSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.#invalid(`${issue?.path.join('.') || 'root'}: ${issue?.message}`);
    }
    return parsed.data as State;
  }

  async write(serialised: string): Promise<void> {
    this.#storage.setItem(this.#key, serialised);
  }

  async close(): Promise<void> {}

  #invalid(reason: string): Error {
    return new Error(
      `${this.location} does not hold a Nimbus state (${reason}). It was left as it is: ` +
        `remove it (localStorage.removeItem('${this.#key}')) or use another key.`,
    );
  }
}
