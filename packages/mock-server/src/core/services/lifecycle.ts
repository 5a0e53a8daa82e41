import type { StoredRecord } from '../../store/state';
import { defineTable, type Store, type TableSpec } from '../../store/store';
import type { Clock } from './clock';

/** A pending state change, persisted so restarts and clock jumps keep it. */
interface TransitionRow extends StoredRecord {
  table: string;
  record_id: string;
  field: string;
  value: string;
  due_at: number;
}

const transitions = defineTable<TransitionRow>('transitions');

export interface TransitionEvent {
  table: string;
  record: StoredRecord;
  field: string;
  from: unknown;
  to: string;
  /** Simulated time the change took effect. */
  at: number;
}

type TransitionListener = (event: TransitionEvent) => void;

/**
 * Moves records through their states on the clock: `plan(record, ['running'])`
 * makes each later state happen one transition delay after the previous. With
 * delay 0 the states still pass in order, on the next tick or request.
 */
export class Lifecycle {
  readonly #listeners = new Map<string, Set<TransitionListener>>();
  readonly #specs = new Map<string, TableSpec<StoredRecord>>();
  /** Pending transition ids per record (`table\nrecord id`): planning and cancelling never scan them all. */
  readonly #byRecord = new Map<string, string[]>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly delayMs: () => number,
  ) {}

  /** Makes a table's records eligible for transitions. */
  register<T extends StoredRecord>(spec: TableSpec<T>): void {
    this.#specs.set(spec.name, spec as unknown as TableSpec<StoredRecord>);
  }

  /** Schedules `steps` after `record`'s current state, each one delay apart. */
  plan<T extends StoredRecord>(spec: TableSpec<T>, record: T, steps: string[], field = 'status'): void {
    this.register(spec);
    const key = recordKey(spec.name, record.id);
    this.#cancel(key);
    const rows = this.store.table(transitions);
    const created = this.clock.iso();
    let at = this.clock.now();
    for (const value of steps) {
      at += this.delayMs();
      const row = rows.insert({
        id: crypto.randomUUID(),
        created_at: created,
        updated_at: created,
        table: spec.name,
        record_id: record.id,
        field,
        value,
        due_at: at,
      });
      this.#index(key, row.id);
      this.#arm(row);
    }
  }

  /** Drops the pending steps of a record (deleted, or re-planned). */
  cancel(table: string, recordId: string): void {
    this.#cancel(recordKey(table, recordId));
  }

  pending(table: string, recordId: string): boolean {
    return this.#byRecord.has(recordKey(table, recordId));
  }

  on(table: string, listener: TransitionListener): () => void {
    let set = this.#listeners.get(table);
    if (!set) {
      set = new Set();
      this.#listeners.set(table, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Re-arms every persisted transition (start-up, import, reload). */
  resume(): void {
    this.#byRecord.clear();
    for (const row of [...this.store.table(transitions).list()]) {
      this.#index(recordKey(row.table, row.record_id), row.id);
      this.#arm(row);
    }
  }

  #cancel(key: string): void {
    const ids = this.#byRecord.get(key);
    if (!ids) return;
    this.#byRecord.delete(key);
    const rows = this.store.table(transitions);
    for (const id of ids) rows.delete(id);
  }

  #index(key: string, id: string): void {
    const ids = this.#byRecord.get(key);
    if (ids) ids.push(id);
    else this.#byRecord.set(key, [id]);
  }

  #unindex(row: TransitionRow): void {
    const key = recordKey(row.table, row.record_id);
    const ids = this.#byRecord.get(key);
    if (!ids) return;
    // Nearly always the record's only step: drop the entry without building a filtered copy.
    const i = ids.indexOf(row.id);
    if (i !== -1) ids.splice(i, 1);
    if (ids.length === 0) this.#byRecord.delete(key);
  }

  #arm(row: TransitionRow): void {
    this.clock.schedule(row.due_at, (at) => this.#fire(row.id, at));
  }

  #fire(transitionId: string, at: number): void {
    const table = this.store.table(transitions);
    const row = table.get(transitionId);
    if (!row) return; // cancelled, or the state was replaced
    table.delete(row.id);
    this.#unindex(row);
    const spec = this.#specs.get(row.table) ?? defineTable(row.table);
    const records = this.store.table(spec);
    const record = records.get(row.record_id);
    if (!record) return;
    const from = record[row.field];
    records.update(record.id, { [row.field]: row.value } as Partial<StoredRecord>, this.clock.iso(at));
    for (const listener of this.#listeners.get(row.table) ?? []) {
      listener({ table: row.table, record, field: row.field, from, to: row.value, at });
    }
  }
}

/** The key of a record's pending steps in `#byRecord`. */
function recordKey(table: string, recordId: string): string {
  return `${table}\n${recordId}`;
}
