import { RowBlocks } from './row-blocks';
import { giveNote } from './row-notes';
import { forgetTextsOf } from './row-texts';
import { shared } from './shared-strings';
import type { StoredRecord } from './state';

/** A function that derives a unique key from a record (e.g. a lower-cased email). */
export type KeyOf<T> = (record: T) => string | undefined;

export interface TableOptions<T> {
  /** Unique keys kept in an index, by name. */
  unique?: Record<string, KeyOf<T>>;
  /**
   * String fields whose values repeat from record to record (regions, paths, actors): inserted
   * records keep one shared copy of each value. `project_id` always is.
   */
  repeated?: readonly (keyof T & string)[];
}

/**
 * One collection of records, kept as an id-keyed object inside the state (so it
 * serialises as is) with in-memory indexes: per project in `created_at, id` order,
 * and the declared unique keys. Change records through `insert`, `update` and `delete`:
 * they tell the store, which logs the record and writes it with the next flush.
 */
export class Table<T extends StoredRecord = StoredRecord> {
  #rows: Record<string, T>;
  #byProject = new Map<string, T[]>();
  #all: T[] = [];
  #unique = new Map<string, Map<string, string>>();
  /** Made by the first flush: a store that keeps nothing (in memory) never pays for it. */
  #blocks: RowBlocks | undefined;
  #keys: Record<string, KeyOf<T>>;
  readonly #repeated: readonly string[];
  /** Tells the store which record changed (inserted, updated or deleted). */
  readonly #changed: (id: string) => void;

  constructor(
    readonly name: string,
    rows: Record<string, T>,
    options: TableOptions<T>,
    changed: (id: string) => void,
  ) {
    this.#rows = rows;
    this.#keys = options.unique ?? {};
    this.#repeated = ['project_id', ...(options.repeated ?? [])];
    this.#changed = changed;
    this.#reindex();
  }

  get size(): number {
    return this.#all.length;
  }

  get(id: string): T | undefined {
    return Object.hasOwn(this.#rows, id) ? this.#rows[id] : undefined;
  }

  /** A record of this project, or undefined (another project's id reads as missing). */
  getIn(projectId: string, id: string): T | undefined {
    const row = this.get(id);
    return row && row.project_id === projectId ? row : undefined;
  }

  /** Adds unique keys declared by another spec of the same table, indexing existing rows. */
  addKeys(keys: Record<string, KeyOf<T>>): void {
    const added = Object.entries(keys).filter(([name]) => !(name in this.#keys));
    if (added.length === 0) return;
    this.#keys = { ...this.#keys, ...Object.fromEntries(added) };
    for (const [name, keyOf] of added) {
      const index = new Map<string, string>();
      for (const row of this.#all) {
        const value = keyOf(row);
        if (value !== undefined) index.set(value, row.id);
      }
      this.#unique.set(name, index);
    }
  }

  byKey(key: string, value: string): T | undefined {
    const id = this.#unique.get(key)?.get(value);
    return id === undefined ? undefined : this.#rows[id];
  }

  /** Records in `created_at, id` order, optionally of one project. */
  list(projectId?: string): readonly T[] {
    if (projectId === undefined) return this.#all;
    return this.#byProject.get(projectId) ?? [];
  }

  find(predicate: (row: T) => boolean, projectId?: string): T | undefined {
    return this.list(projectId).find(predicate);
  }

  filter(predicate: (row: T) => boolean, projectId?: string): T[] {
    return this.list(projectId).filter(predicate);
  }

  insert(row: T): T {
    if (Object.hasOwn(this.#rows, row.id)) throw new Error(`Duplicate id ${row.id} in ${this.name}`);
    this.#share(row);
    this.#rows[row.id] = row;
    this.#index(row);
    const note = giveNote(row);
    this.#blocks?.add(row, note);
    this.#changed(row.id);
    return row;
  }

  /** Applies `patch` in place and bumps `updated_at` (to `at`, the clock's time). */
  update(id: string, patch: Partial<T>, at: string): T {
    const row = this.#rows[id];
    if (!row) throw new Error(`No ${this.name} record ${id}`);
    this.#unindexKeys(row);
    Object.assign(row, patch, { updated_at: at });
    forgetTextsOf(row);
    this.#indexKeys(row);
    this.#blocks?.changed(row);
    this.#changed(id);
    return row;
  }

  delete(id: string): T | undefined {
    const row = this.get(id);
    if (!row) return undefined;
    delete this.#rows[id];
    forgetTextsOf(row);
    this.#blocks?.remove(row);
    this.#unindexKeys(row);
    removeFrom(this.#all, row);
    if (row.project_id !== undefined) {
      const list = this.#byProject.get(row.project_id);
      if (list) removeFrom(list, row);
    }
    this.#changed(id);
    return row;
  }

  /** Deletes every record matching `predicate` (cascades); answers how many went. */
  deleteWhere(predicate: (row: T) => boolean, projectId?: string): number {
    const doomed = this.filter(predicate, projectId);
    for (const row of doomed) this.delete(row.id);
    return doomed.length;
  }

  /** Whether this table works on `rows` (after a reset or reload the store holds other objects). */
  holds(rows: Record<string, StoredRecord>): boolean {
    return (this.#rows as Record<string, StoredRecord>) === rows;
  }

  /** The records serialised in blocks (see RowBlocks), for the store's flush. */
  serialisedPieces<Piece>(encode: (text: string) => Piece): Piece[] {
    return this.#rowBlocks().pieces(this.#rows, encode);
  }

  /** Encodes changed blocks until `deadline`; answers whether none is left (see RowBlocks). */
  encodeUntil<Piece>(encode: (text: string) => Piece, deadline: number): boolean {
    return this.#rowBlocks().encodeUntil(this.#rows, encode, deadline);
  }

  /** Drops the kept pieces (their copy on disk is gone): the next flush serialises every block. */
  forgetSerialisedPieces(): void {
    this.#blocks?.forget();
  }

  #reindex(): void {
    this.#all = [];
    this.#byProject.clear();
    this.#unique.clear();
    this.#blocks = undefined;
    for (const key of Object.keys(this.#keys)) this.#unique.set(key, new Map());
    // Keys, then a lookup each: Object.values of a 100k-record table took twice as long.
    const ids = Object.keys(this.#rows);
    const rows = ids.map((id) => this.#rows[id]!).sort(compareRecords);
    for (const row of rows) {
      // A loaded file parses a copy of each value per record too.
      this.#share(row);
      this.#index(row);
      giveNote(row);
    }
  }

  #share(row: T): void {
    const fields = row as Record<string, unknown>;
    for (const field of this.#repeated) {
      const value = fields[field];
      if (typeof value === 'string') fields[field] = shared(value);
    }
  }

  #rowBlocks(): RowBlocks {
    if (!this.#blocks) {
      this.#blocks = new RowBlocks();
      for (const row of this.#all) this.#blocks.add(row, giveNote(row));
    }
    return this.#blocks;
  }

  #index(row: T): void {
    insertOrdered(this.#all, row);
    if (row.project_id !== undefined) {
      let list = this.#byProject.get(row.project_id);
      if (!list) {
        list = [];
        this.#byProject.set(row.project_id, list);
      }
      insertOrdered(list, row);
    }
    this.#indexKeys(row);
  }

  // for...in over the key functions: these run on every insert and update.
  #indexKeys(row: T): void {
    for (const name in this.#keys) {
      const value = this.#keys[name]!(row);
      if (value !== undefined) this.#unique.get(name)!.set(value, row.id);
    }
  }

  #unindexKeys(row: T): void {
    for (const name in this.#keys) {
      const keyOf = this.#keys[name]!;
      const value = keyOf(row);
      const index = this.#unique.get(name)!;
      if (value !== undefined && index.get(value) === row.id) index.delete(value);
    }
  }
}

export function compareRecords(a: StoredRecord, b: StoredRecord): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * New records nearly always sort last (the clock only moves forward), or a few places before it:
 * records of one moment sort by id, and one request makes several. So the place is searched
 * back from the end in doubling steps, then by halving: a handful of comparisons near the end,
 * and few more for 100k records of one moment (a frozen clock, a seed), where walking back one
 * by one took 20 s.
 */
function insertOrdered<T extends StoredRecord>(list: T[], row: T): void {
  let high = list.length;
  let low = high - 1;
  for (let step = 1; low >= 0 && compareRecords(list[low]!, row) > 0; step *= 2) {
    high = low;
    low -= step;
  }
  // list[low] sorts at or before the row (or low < 0), list[high] after it (or high is the end).
  low = Math.max(low + 1, 0);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRecords(list[middle]!, row) <= 0) low = middle + 1;
    else high = middle;
  }
  if (low === list.length) list.push(row);
  else list.splice(low, 0, row);
}

/**
 * Lists are in `compareRecords` order, so a binary search finds the row wherever it is: trimming
 * the oldest event of a full table on every insert scanned the whole list from the end.
 */
function removeFrom<T extends StoredRecord>(list: T[], row: T): void {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRecords(list[middle]!, row) < 0) low = middle + 1;
    else high = middle;
  }
  // An update that changed `created_at` leaves the row out of place: look for it the long way.
  const i = list[low] === row ? low : list.lastIndexOf(row);
  // shift() drops the head in place; splice(0, 1) copied a 10k-row list (40-65 µs here).
  if (i === 0) list.shift();
  else if (i !== -1) list.splice(i, 1);
}
