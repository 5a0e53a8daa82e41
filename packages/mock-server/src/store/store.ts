import type { ChangeBatch, ChangeLog } from './change-log';
import { LogRemovedError, OutsideEditError, StalePiecesError, StateFileError } from './errors';
import type { Persistence, PieceWriter } from './persistence';
import { serialiseRows } from './row-blocks';
import { emptyState, type State, type StoredRecord } from './state';
import { diffStates } from './state-diff';
import { Table, type TableOptions } from './table';

const RETRY_FAILED_WRITE_MS = 1000;
/**
 * The next flush waits at least this many times as long as the last one took (serialising the
 * changed blocks, then writing the whole file), so writing a large state (100k records: tens of
 * MB) takes at most a fifth of the time under a steady stream of writes; but never longer than
 * MAX_SPACED_INTERVAL_MS, which bounds what a crash can lose. Small states keep the flush delay.
 */
const FLUSH_SPACING = 4;
const MAX_SPACED_INTERVAL_MS = 1000;
/** The longest step of a flush's serialising before requests waiting meanwhile are served. */
const SERIALISE_STEP_MS = 10;

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

/** Where the store reports what it does with edits made to its state file from outside. */
export interface StoreLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A request waiting for its changes to be in the log: resolved once changes up to `seq` are. */
interface CommitWaiter {
  seq: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * The in-memory state with coalesced, atomic persistence: any number of changes
 * within `flushDelayMs` cost one serialisation and one write.
 *
 * With a change log (a state file), every change is appended to the log before the request that
 * made it is answered (`commit()`), many requests' changes in one append; the whole-state writes
 * above then compact the log in the background (see change-log.ts).
 *
 * Every write and every look at the file for outside edits runs one at a time, in order,
 * so the store never mistakes a write of its own for someone else's. An outside edit wins:
 * it replaces the state, with a log line of what it added, removed and changed against the
 * state it replaced (a warning when it took away anything the server held).
 */
export class Store {
  #state: State;
  #tables = new Map<string, Table>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The tail of the queue of writes and outside-edit checks. */
  #io: Promise<void> = Promise.resolve();
  #dirty = false;
  /** Changes made since the last serialisation: what an outside edit found now would discard. */
  #unwritten = 0;
  #writeError: Error | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #externalError: Error | undefined;
  #flushMs = 0;
  readonly #log: StoreLog | undefined;
  readonly #persistence: Persistence;
  readonly #writer: PieceWriter<unknown>;
  /** The `,` between blocks, encoded once. */
  readonly #comma: unknown;
  readonly #flushDelayMs: number;
  /** Listeners told when the whole state was replaced (reset, import, outside edit). */
  readonly #replaced = new Set<() => void>();
  readonly #changeLog: ChangeLog | undefined;
  /** Records changed since the last append, by table. */
  #pending = new Map<string, Set<string>>();
  /** Counts changes; `#loggedSeq` is the count the log (or a snapshot) holds. */
  #changeSeq = 0;
  #loggedSeq = 0;
  #loggedClock: number;
  #waiters: CommitWaiter[] = [];
  #draining = false;
  #drainScheduled = false;

  constructor(
    persistence: Persistence,
    state: State,
    options: { flushDelayMs?: number; log?: StoreLog } = {},
  ) {
    this.#persistence = persistence;
    // A persistence that takes one string gets the pieces joined.
    this.#writer = persistence.pieces ?? {
      encode: (text) => text,
      write: (pieces) => persistence.write(pieces.join('')),
    };
    this.#comma = this.#writer.encode(',');
    this.#state = state;
    this.#flushDelayMs = options.flushDelayMs ?? 50;
    this.#log = options.log;
    this.#changeLog = persistence.changeLog;
    this.#loggedClock = state.clock_offset_ms;
    // What was replayed from the log is compacted into the state file soon.
    if (this.#changeLog?.replayed) this.#markDirty();
  }

  get state(): State {
    return this.#state;
  }

  get location(): string {
    return this.#persistence.location;
  }

  /** Whether the state outlives the process (a file, a browser's storage), and others may edit it. */
  get durable(): boolean {
    return this.#persistence.durable;
  }

  /** Whether no table holds a record. */
  isEmpty(): boolean {
    return Object.values(this.#state.tables).every((rows) => Object.keys(rows).length === 0);
  }

  /**
   * The longest a change waits before its write starts: the flush delay, or, for a state so large
   * that writing it takes a while, four times the last flush, up to one second.
   */
  get flushIntervalMs(): number {
    return Math.max(this.#flushDelayMs, Math.min(MAX_SPACED_INTERVAL_MS, FLUSH_SPACING * this.#flushMs));
  }

  table<T extends StoredRecord>(spec: TableSpec<T>): Table<T> {
    let table = this.#tables.get(spec.name);
    if (!table) {
      this.#state.tables[spec.name] ??= {};
      table = new Table(
        spec.name,
        this.#state.tables[spec.name]!,
        spec.options as TableOptions<StoredRecord>,
        (id) => this.#rowChanged(spec.name, id),
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

  /**
   * Whether changes wait to be appended to the log: the request that made them calls `commit()`
   * before it is answered.
   */
  get uncommitted(): boolean {
    return this.#changeSeq > this.#loggedSeq;
  }

  /**
   * Resolves once every change made so far is in the log (or in a whole-state write), so the
   * answer that acknowledges it can leave; rejects when it could not be written. Concurrent calls
   * share one append. Without a log (in memory, a browser's storage) it resolves at once.
   */
  commit(): Promise<void> {
    const seq = this.#changeSeq;
    if (seq <= this.#loggedSeq) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ seq, resolve, reject }));
    void this.#drain();
    return done;
  }

  /** Marks the state dirty (the clock moved); one flush follows within the flush interval. */
  changed(): void {
    if (!this.#persistence.durable) return;
    this.#markDirty();
    if (this.#changeLog) this.#logSoon();
  }

  #rowChanged(table: string, id: string): void {
    if (!this.#persistence.durable) return;
    this.#markDirty();
    if (!this.#changeLog) return;
    let ids = this.#pending.get(table);
    if (!ids) {
      ids = new Set();
      this.#pending.set(table, ids);
    }
    ids.add(id);
    this.#logSoon();
  }

  /** A change no request waits on (a lifecycle step on a timer) is appended on the next turn. */
  #logSoon(): void {
    this.#changeSeq++;
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    setImmediate(() => {
      this.#drainScheduled = false;
      void this.#drain();
    });
  }

  /**
   * Appends what changed, one append at a time, until the log holds every change; each append
   * takes every change made while the one before it was written (a group commit). Before the
   * first append after a start without a log, a reset, an import or an outside edit, the whole
   * state is written instead, naming the log that follows it.
   */
  async #drain(): Promise<void> {
    const log = this.#changeLog;
    if (!log || this.#draining) return;
    this.#draining = true;
    try {
      while (this.#changeSeq > this.#loggedSeq) {
        if (!log.followsSnapshot) {
          // Changes no request waits for are written by the next whole-state write, due anyway.
          if (this.#waiters.length === 0) break;
          this.#dirty = true;
          await this.flush();
          if (!log.followsSnapshot)
            throw this.#writeError ?? this.#externalError ?? new Error('The state was not written');
          continue;
        }
        const seq = this.#changeSeq;
        const batch = this.#takeBatch();
        try {
          await log.append(batch);
        } catch (error) {
          // The whole state is written instead, the batch's changes with it.
          if (error instanceof LogRemovedError) continue;
          throw error;
        }
        this.#logged(seq);
      }
    } catch (error) {
      // Unwritten: the whole state is written once the location takes writes again (dirty, so
      // the retry writes rather than finding nothing to do).
      log.suspend();
      this.#dirty = true;
      if (!this.#writeError && !this.#externalError) this.#writeFailed(error as Error);
      this.#retryLater();
      this.#failWaiters(error as Error);
    } finally {
      this.#draining = false;
    }
  }

  #takeBatch(): ChangeBatch {
    const batch: ChangeBatch = {};
    if (this.#pending.size > 0) {
      const tables: NonNullable<ChangeBatch['tables']> = {};
      for (const [name, ids] of this.#pending) {
        const rows = this.#state.tables[name];
        // No prototype: V8 keeps it a dictionary from the start. A literal grew a hidden class
        // for each new id it was given (3 % of a create's CPU: bench/README.md, run AB).
        const changes: Record<string, StoredRecord | null> = Object.create(null);
        for (const id of ids) changes[id] = rows && Object.hasOwn(rows, id) ? rows[id]! : null;
        tables[name] = changes;
      }
      batch.tables = tables;
      this.#pending = new Map();
    }
    if (this.#state.clock_offset_ms !== this.#loggedClock) {
      batch.clock_offset_ms = this.#state.clock_offset_ms;
      this.#loggedClock = batch.clock_offset_ms;
    }
    return batch;
  }

  /** Changes up to `seq` are on file: the requests that made them may be answered. */
  #logged(seq: number): void {
    if (seq <= this.#loggedSeq) return;
    this.#loggedSeq = seq;
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) {
      if (waiter.seq <= seq) waiter.resolve();
      else this.#waiters.push(waiter);
    }
  }

  #failWaiters(error: Error): void {
    const waiting = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiting) waiter.reject(error);
  }

  #markDirty(): void {
    this.#dirty = true;
    this.#unwritten++;
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.flushIntervalMs);
    this.#timer.unref?.();
  }

  /** Writes now if anything changed; resolves when the write is on disk. */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    return this.#exclusively(async () => {
      // A broken outside edit blocks writes until the file is fixed (the watcher may be off).
      if (this.#externalError) await this.#takeOutsideEdit();
      if (!this.#dirty || this.#externalError) return;
      const started = performance.now();
      await this.#encodeChangedBlocks();
      this.#dirty = false;
      const unwritten = this.#unwritten;
      this.#unwritten = 0;
      try {
        await this.#writeAll();
        if (this.#writeError) {
          this.#log?.info('The state file can be written again: writes are accepted', {
            path: this.#persistence.location,
          });
        }
        this.#writeError = undefined;
      } catch (error) {
        this.#dirty = true;
        this.#unwritten += unwritten;
        if (error instanceof OutsideEditError) {
          // The file holds an edit from outside: it is taken in (or refused), never written over.
          await this.#takeOutsideEdit();
          return;
        }
        this.#writeFailed(error as Error);
        this.#retryLater();
      } finally {
        this.#flushMs = performance.now() - started;
      }
    });
  }

  /**
   * Checks that the location takes writes before any is acknowledged: a location that cannot be
   * written (read-only, a directory in the way) leaves the store unhealthy, writes answer 503, and
   * the whole state is written once it can be. A persistence without `probe` is written to.
   */
  async checkWritable(): Promise<void> {
    if (!this.#persistence.durable) return;
    const probe = this.#persistence.probe?.bind(this.#persistence);
    if (!probe) {
      this.changed();
      return this.flush();
    }
    await this.#exclusively(async () => {
      try {
        await probe();
      } catch (error) {
        // Dirty, so the retry writes the state rather than finding nothing to do.
        this.#dirty = true;
        this.#writeFailed(error as Error);
        this.#retryLater();
      }
    });
  }

  /** Replaces the whole state (reset, import, reload) and rebuilds every index. */
  replace(state: State): void {
    this.#state = state;
    this.#tables.clear();
    this.#externalError = undefined;
    // The log so far follows the old state: the next commit writes the new one whole.
    this.#changeLog?.suspend();
    this.#pending = new Map();
    this.changed();
    for (const listener of this.#replaced) listener();
  }

  /**
   * An empty state that keeps the server secret; the simulated clock goes back to real time, so
   * a test that moved it leaves nothing behind for the next (as the msw handlers' reset does).
   */
  reset(): void {
    this.replace(emptyState(this.#state.secret, 0));
  }

  onReplaced(listener: () => void): () => void {
    this.#replaced.add(listener);
    return () => this.#replaced.delete(listener);
  }

  /**
   * Follows edits made to the state file while running, instead of finding them at the next
   * write. Either way a valid edit replaces the state (it wins, and the log says what it added,
   * removed and changed against the server's state); a broken one is logged as an error and refused,
   * and writes answer 503 until the file is a valid state again. An outside edit is never written over.
   */
  async watch(): Promise<void> {
    await this.#persistence.watch?.(() => {
      void this.#exclusively(() => this.#takeOutsideEdit());
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    await this.flush();
    await this.#changeLog?.close();
    await this.#persistence.close();
  }

  /**
   * Writes are refused (503) while the store is unhealthy, so no change will come to trigger the
   * next flush: it is tried again on a timer.
   */
  #retryLater(): void {
    if (this.#closed) return;
    this.#retry ??= setTimeout(() => {
      this.#retry = undefined;
      void this.flush();
    }, RETRY_FAILED_WRITE_MS);
    this.#retry.unref?.();
  }

  async #writeAll(): Promise<void> {
    // A new log generation from this moment: the snapshot names it, and holds every change before.
    const generation = this.#changeLog?.rotate();
    let seq = this.#changeSeq;
    try {
      await this.#writer.write(this.#serialise(generation));
    } catch (error) {
      if (!(error instanceof StalePiecesError)) throw error;
      // The unchanged pieces' copy on disk was touched: serialise everything once more.
      for (const table of this.#tables.values()) table.forgetSerialisedPieces();
      await this.#encodeChangedBlocks();
      seq = this.#changeSeq;
      await this.#writer.write(this.#serialise(generation));
    }
    if (generation === undefined) return;
    await this.#changeLog!.snapshotWritten(generation);
    this.#logged(seq);
  }

  /**
   * Encodes the changed blocks of the open tables in steps of at most SERIALISE_STEP_MS, serving
   * requests in between (a large table's first flush takes hundreds of ms). A block changed again
   * meanwhile is encoded anew by `#serialise`, which runs in one go right after: every piece it
   * hands over is then of the same moment.
   */
  async #encodeChangedBlocks(): Promise<void> {
    for (;;) {
      const deadline = performance.now() + SERIALISE_STEP_MS;
      let done = true;
      for (const table of this.#tables.values()) {
        done = table.encodeUntil(this.#writer.encode, deadline) && done;
        if (!done) break;
      }
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  /**
   * The state's JSON text as the writer's pieces: the tables the store has open reuse the pieces
   * of their blocks that did not change; a table no family opened yet is serialised anew.
   */
  #serialise(logGeneration: number | undefined): unknown[] {
    const { version, secret, clock_offset_ms, tables } = this.#state;
    const encode = this.#writer.encode;
    if (this.#changeLog && !this.#changeLog.followsSnapshot) {
      // Appends wait for this snapshot: it holds every change so far, so none is appended again.
      this.#pending = new Map();
      this.#loggedClock = clock_offset_ms;
    }
    const log = logGeneration === undefined ? '' : `"log":${logGeneration},`;
    let text = `{"version":${JSON.stringify(version)},"secret":${JSON.stringify(secret)},"clock_offset_ms":${JSON.stringify(clock_offset_ms)},${log}"tables":{`;
    const pieces: unknown[] = [];
    let first = true;
    for (const name in tables) {
      const rows = tables[name]!;
      text += `${first ? '' : ','}${JSON.stringify(name)}:`;
      first = false;
      const table = this.#tables.get(name);
      pieces.push(encode(`${text}{`));
      text = '}';
      // In blocks too, though none is kept: no one string of a large table.
      const blocks = table?.holds(rows) ? table.serialisedPieces(encode) : serialiseRows(rows, encode);
      blocks.forEach((piece, i) => {
        if (i > 0) pieces.push(this.#comma);
        pieces.push(piece);
      });
    }
    pieces.push(encode(`${text}}}`));
    return pieces;
  }

  /** Runs `job` after every write or check queued before it. */
  #exclusively(job: () => Promise<void>): Promise<void> {
    const run = this.#io.then(job);
    this.#io = run.catch(() => {});
    return run;
  }

  async #takeOutsideEdit(): Promise<void> {
    let edit: State | undefined;
    try {
      edit = await this.#persistence.readOutsideEdit?.();
    } catch (error) {
      if (this.#externalError?.message !== (error as Error).message) {
        this.#log?.error(refusedEditMessage(error as Error));
      }
      this.#externalError = error as Error;
      // Not left to the watcher alone: a fix it does not report (an in-place save it missed)
      // is still found.
      this.#retryLater();
      return;
    }
    if (!edit) {
      // The file is ours again (an edit put back, or the file deleted): writes may go on.
      if (this.#externalError) this.#logRecovered();
      this.#externalError = undefined;
      return;
    }
    const wasBroken = this.#externalError !== undefined;
    const discarded = this.#unwritten;
    // Against the state served, not the file last written: an edit made from an older copy
    // reverts flushed writes too, and those must show.
    const diff = diffStates(this.#state, edit);
    this.#state = edit;
    this.#tables.clear();
    // The edit wins: no change logged before it may be replayed onto it, and the requests whose
    // changes it discarded before they were logged are not acknowledged.
    this.#pending = new Map();
    await this.#changeLog?.discard();
    this.#loggedSeq = this.#changeSeq;
    this.#failWaiters(new Error('The state file was replaced from outside before this change was saved'));
    this.#externalError = undefined;
    this.#dirty = false;
    this.#unwritten = 0;
    for (const listener of this.#replaced) listener();
    const fields = {
      path: this.#persistence.location,
      added: diff.added,
      removed: diff.removed,
      changed: diff.changed,
      tables: diff.tables,
      discarded_changes: discarded,
    };
    const counts = `${diff.added} record(s) added, ${diff.removed} removed, ${diff.changed} changed`;
    if (diff.removed > 0 || diff.changed > 0 || discarded > 0) {
      this.#log?.warn(
        `The state file was edited outside the server and reloaded (the edit wins): ${counts} against the server's state; ${discarded} change(s) not yet written were discarded`,
        fields,
      );
    } else {
      this.#log?.info(`The state file was edited outside the server and reloaded: ${counts}`, fields);
    }
    if (wasBroken) this.#logRecovered();
  }

  #logRecovered(): void {
    this.#log?.info('The state file is a valid state again: writes are accepted', {
      path: this.#persistence.location,
    });
  }

  /** A failed write: logged when writes stop being accepted, not at each retry (every second). */
  #writeFailed(error: Error): void {
    if (!this.#writeError) {
      this.#log?.error('The state file cannot be written: writes answer 503 until it can', {
        path: this.#persistence.location,
        reason: error.message,
      });
    }
    this.#writeError = error;
  }
}

/**
 * The error line of an edit that is not a valid state. The start-up advice of StateFileError's
 * message (start with --in-memory) does not apply to a running server, so its reason is told alone.
 */
function refusedEditMessage(error: Error): string {
  const reason =
    error instanceof StateFileError
      ? `State file ${error.path} was changed outside the server and is not a valid Nimbus state (${error.reason})`
      : error.message.replace(/[.;:\s]+$/, '');
  return `${reason}: it is left as it is, and writes answer 503 until it is fixed or put back`;
}
