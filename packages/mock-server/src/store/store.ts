import type { Persistence } from './persistence';
import { emptyState, type State, type StoredRecord } from './state';
import { Table, type TableOptions } from './table';

const RETRY_FAILED_WRITE_MS = 1000;
/**
 * The next flush waits at least this many times as long as the last serialisation took, so
 * serialising a large state (100k records: tens of ms, the event loop blocked meanwhile) takes
 * at most a fifth of the time under a steady stream of writes. Small states keep the flush delay.
 */
const SERIALISE_SPACING = 4;

/** Declares a table once (name, unique keys); families pass it to `store.table()`. */
export interface TableSpec<T extends StoredRecord> {
  readonly name: string;
  readonly options: TableOptions<T>;
}

export function defineTable<T extends StoredRecord>(
  name: string,
  options: TableOptions<T> = {},
): TableSpec<T> {
  return { name, options };
}

export interface StoreHealth {
  ok: boolean;
  reason?: string;
}

/**
 * The in-memory state with coalesced, atomic persistence: any number of changes
 * within `flushDelayMs` cost one serialisation and one write.
 */
export class Store {
  #state: State;
  #tables = new Map<string, Table>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #flushing: Promise<void> | undefined;
  #dirty = false;
  #writeError: Error | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #externalError: Error | undefined;
  #serialiseMs = 0;
  readonly #persistence: Persistence;
  readonly #flushDelayMs: number;
  /** Listeners told when the whole state was replaced (reset, import, outside edit). */
  readonly #replaced = new Set<() => void>();

  constructor(persistence: Persistence, state: State, options: { flushDelayMs?: number } = {}) {
    this.#persistence = persistence;
    this.#state = state;
    this.#flushDelayMs = options.flushDelayMs ?? 50;
  }

  get state(): State {
    return this.#state;
  }

  get location(): string {
    return this.#persistence.location;
  }

  table<T extends StoredRecord>(spec: TableSpec<T>): Table<T> {
    let table = this.#tables.get(spec.name);
    if (!table) {
      this.#state.tables[spec.name] ??= {};
      table = new Table(
        spec.name,
        this.#state.tables[spec.name]!,
        spec.options as TableOptions<StoredRecord>,
        () => this.changed(),
      );
      this.#tables.set(spec.name, table);
    } else if (spec.options.unique) {
      // Several families may declare the same table; every declared unique key is kept.
      table.addKeys(spec.options.unique as TableOptions<StoredRecord>['unique'] & object);
    }
    return table as unknown as Table<T>;
  }

  /** Whether writes can be accepted: false after a failed flush or while the file is broken from outside. */
  health(): StoreHealth {
    const error = this.#externalError ?? this.#writeError;
    return error ? { ok: false, reason: error.message } : { ok: true };
  }

  /** Marks the state dirty; one flush follows within the flush delay. */
  changed(): void {
    if (!this.#persistence.durable) return;
    this.#dirty = true;
    if (this.#timer) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        void this.flush();
      },
      Math.max(this.#flushDelayMs, SERIALISE_SPACING * this.#serialiseMs),
    );
    this.#timer.unref?.();
  }

  /** Writes now if anything changed; resolves when the write is on disk. */
  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    while (this.#flushing) await this.#flushing;
    if (!this.#dirty || this.#externalError) return;
    this.#dirty = false;
    const started = performance.now();
    const text = JSON.stringify(this.#state);
    this.#serialiseMs = performance.now() - started;
    this.#flushing = this.#persistence
      .write(text)
      .then(() => {
        this.#writeError = undefined;
      })
      .catch((error: Error) => {
        this.#writeError = error;
        // Writes are refused (503) while unhealthy, so no change will come to retry: retry on a timer.
        this.#dirty = true;
        this.#retry ??= setTimeout(() => {
          this.#retry = undefined;
          void this.flush();
        }, RETRY_FAILED_WRITE_MS);
        this.#retry.unref?.();
      })
      .finally(() => {
        this.#flushing = undefined;
      });
    await this.#flushing;
  }

  /** Replaces the whole state (reset, import, reload) and rebuilds every index. */
  replace(state: State): void {
    this.#state = state;
    this.#tables.clear();
    this.#externalError = undefined;
    this.changed();
    for (const listener of this.#replaced) listener();
  }

  /** An empty state that keeps the server secret and the clock. */
  reset(): void {
    this.replace(emptyState(this.#state.secret, this.#state.clock_offset_ms));
  }

  onReplaced(listener: () => void): () => void {
    this.#replaced.add(listener);
    return () => this.#replaced.delete(listener);
  }

  /** Follows edits made to the state file while running. */
  watch(onError: (error: Error) => void): void {
    this.#persistence.watch((result) => {
      if ('error' in result) {
        this.#externalError = result.error;
        onError(result.error);
        return;
      }
      this.#state = result.state;
      this.#tables.clear();
      this.#externalError = undefined;
      for (const listener of this.#replaced) listener();
    });
  }

  async close(): Promise<void> {
    if (this.#retry) clearTimeout(this.#retry);
    await this.flush();
    await this.#persistence.close();
  }
}
