import {
  closeSync,
  fdatasync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  write,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { crc32 } from 'node:zlib';
import { LogRemovedError, StateFileError } from './errors';
import type { State, StoredRecord } from './state';

/**
 * When an appended change is forced from the operating system's cache to the disk. A crash of the
 * process loses nothing under any policy (the write is in the kernel before the answer leaves);
 * the policy decides what a power loss or a kernel crash may take: `always` nothing acknowledged,
 * `everysec` at most about the last second, `no` whatever the system had not written yet.
 */
export type FsyncPolicy = 'always' | 'everysec' | 'no';

export const FSYNC_POLICIES: readonly FsyncPolicy[] = ['always', 'everysec', 'no'];

/** The changes of one append: rows by table (null: deleted), and the clock offset when it moved. */
export interface ChangeBatch {
  tables?: Record<string, Record<string, StoredRecord | null>>;
  clock_offset_ms?: number;
}

/** Where the log's warnings go (the store's log). */
interface WarningLog {
  warn(message: string, fields?: Record<string, unknown>): void;
}

const FILE_MODE = 0o600;

const EVERYSEC_MS = 1000;

/**
 * The state file's write-ahead log: every change is appended to `<state file>.log.<n>` before
 * the answer that acknowledges it leaves, and the whole state is written now and then (the
 * snapshot), naming the log generation that follows it (`"log": n`). At start the snapshot is
 * read, then generations n, n+1, ... are replayed in order. A snapshot starts a new generation
 * when it is serialised; once it is renamed into place, the generations before it are removed.
 *
 * Each line is a batch: `<crc32 in hex> <JSON>`. A line cut short by a crash (the last of a file,
 * or one whose checksum does not match) is dropped with one warning; a damaged line with good ones
 * after it is refused as a damaged file, as a bad state file is.
 */
export class ChangeLog {
  readonly #statePath: string;
  readonly #fsync: FsyncPolicy;
  readonly #log: WarningLog | undefined;
  /** The generation appends go to; its file is made by its first append. */
  #generation = 1;
  #fd: number | undefined;
  #fdGeneration = 0;
  /** The queue of appends and removals: one at a time, in order. */
  #tail: Promise<void> = Promise.resolve();
  #unsynced = false;
  #syncTimer: ReturnType<typeof setInterval> | undefined;
  /** Whether the snapshot on disk names the generation appends go to (else one must be written first). */
  #followsSnapshot = false;
  #replayed = 0;

  constructor(statePath: string, options: { fsync?: FsyncPolicy; log?: WarningLog } = {}) {
    this.#statePath = statePath;
    this.#fsync = options.fsync ?? 'everysec';
    if (!FSYNC_POLICIES.includes(this.#fsync)) {
      throw new TypeError(`fsync must be one of ${FSYNC_POLICIES.join(', ')}; got ${String(this.#fsync)}`);
    }
    this.#log = options.log;
  }

  /** Whether appends may go on: the snapshot on disk names the current generation. */
  get followsSnapshot(): boolean {
    return this.#followsSnapshot;
  }

  /** Batches replayed at load. */
  get replayed(): number {
    return this.#replayed;
  }

  /**
   * Applies the generations that follow a snapshot naming `first` to `state`, in order, and
   * removes those before it (already compacted into it). A snapshot that names none (written
   * without a log, or edited by hand) gets none: log files beside it are set aside with a warning.
   */
  replay(state: State, first: number | undefined): void {
    const generations = this.#generationsOnDisk();
    if (first === undefined) {
      this.#setAside(generations);
      this.#generation = Math.max(0, ...generations) + 1;
      return;
    }
    // Every generation from `first` on was appended after the snapshot was serialised (one may be
    // missing: a snapshot that failed started a generation no change went to).
    for (const n of generations) {
      if (n < first) rmSync(this.#pathOf(n), { force: true });
      else this.#replayFile(state, n);
    }
    this.#generation = Math.max(first, ...generations.map((n) => n + 1));
    this.#followsSnapshot = true;
  }

  /** Log files beside a snapshot that names none (written without a log, or edited by hand). */
  #setAside(generations: readonly number[]): void {
    if (generations.length === 0) return;
    for (const n of generations) renameSync(this.#pathOf(n), `${this.#pathOf(n)}.stray`);
    this.#log?.warn('Log files beside a state file that names no log were set aside, not replayed', {
      path: this.#statePath,
      files: generations.map((n) => `${basename(this.#pathOf(n))}.stray`),
    });
  }

  /** Appends one batch; resolves once it is in the file (and on the disk, under `always`). */
  append(batch: ChangeBatch): Promise<void> {
    const json = JSON.stringify(batch);
    const line = Buffer.from(`${checksum(json)} ${json}\n`, 'utf8');
    return this.#queue(async () => {
      const fd = this.#open();
      if (fstatSync(fd).nlink === 0) {
        // Removed from outside (with its folder, say): what it held is gone, and appends to it
        // would be lost too. The whole state is written next.
        this.#closeFile();
        this.#followsSnapshot = false;
        throw new LogRemovedError(this.#pathOf(this.#generation));
      }
      await writeFully(fd, line);
      if (this.#fsync === 'always') await datasync(fd);
      else this.#unsynced = true;
    });
  }

  /**
   * Starts a new generation, for a snapshot being serialised now: appends from here on go to it,
   * and the snapshot names it. Answers its number.
   */
  rotate(): number {
    this.#generation++;
    return this.#generation;
  }

  /** The snapshot naming `generation` is in place: appends may go on, and older generations go. */
  snapshotWritten(generation: number): Promise<void> {
    if (generation === this.#generation) this.#followsSnapshot = true;
    return this.#queue(async () => {
      if (this.#fd !== undefined && this.#fdGeneration < generation) this.#closeFile();
      for (const n of this.#generationsOnDisk()) if (n < generation) rmSync(this.#pathOf(n), { force: true });
    });
  }

  /**
   * The state was replaced (reset, import): appends wait for a snapshot of the new state. A new
   * generation, so that a snapshot of the old state still being written does not resume them.
   */
  suspend(): void {
    this.#followsSnapshot = false;
    this.#generation++;
  }

  /**
   * The state was replaced from outside (an edit wins): every generation is removed, so none is
   * replayed onto it, and appends wait for a snapshot of the new state.
   */
  discard(): Promise<void> {
    this.#followsSnapshot = false;
    this.#generation++;
    const keep = this.#generation;
    return this.#queue(async () => {
      this.#closeFile();
      for (const n of this.#generationsOnDisk()) if (n < keep) rmSync(this.#pathOf(n), { force: true });
    });
  }

  /** Forces what was appended to the disk, then stops the timer. */
  async close(): Promise<void> {
    await this.#queue(async () => {
      if (this.#fd !== undefined && this.#unsynced) await datasync(this.#fd);
      this.#closeFile();
    });
    if (this.#syncTimer) clearInterval(this.#syncTimer);
    this.#syncTimer = undefined;
  }

  #queue(job: () => Promise<void>): Promise<void> {
    const run = this.#tail.then(job);
    this.#tail = run.catch(() => {});
    return run;
  }

  #open(): number {
    if (this.#fd !== undefined && this.#fdGeneration === this.#generation) return this.#fd;
    this.#closeFile();
    this.#fd = openSync(this.#pathOf(this.#generation), 'a', FILE_MODE);
    this.#fdGeneration = this.#generation;
    if (this.#fsync === 'everysec' && !this.#syncTimer) {
      this.#syncTimer = setInterval(() => this.#syncNow(), EVERYSEC_MS);
      this.#syncTimer.unref?.();
    }
    return this.#fd;
  }

  #syncNow(): void {
    if (!this.#unsynced) return;
    void this.#queue(async () => {
      if (this.#fd === undefined) return;
      this.#unsynced = false;
      await datasync(this.#fd);
    }).catch(() => {});
  }

  #closeFile(): void {
    if (this.#fd === undefined) return;
    closeSync(this.#fd);
    this.#fd = undefined;
  }

  #pathOf(generation: number): string {
    return `${this.#statePath}.log.${generation}`;
  }

  #generationsOnDisk(): number[] {
    const prefix = `${basename(this.#statePath)}.log.`;
    let names: string[];
    try {
      names = readdirSync(dirname(this.#statePath));
    } catch {
      return [];
    }
    return names
      .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
      .map((name) => Number(name.slice(prefix.length)))
      .sort((a, b) => a - b);
  }

  #replayFile(state: State, generation: number): void {
    const path = this.#pathOf(generation);
    const lines = readFileSync(path, 'utf8').split('\n');
    // The text after the last newline: empty when the last append finished.
    const unfinished = lines.pop() ?? '';
    for (const [i, line] of lines.entries()) {
      const batch = parseLine(line);
      if (batch) {
        applyBatch(state, batch);
        this.#replayed++;
      } else if (i === lines.length - 1 && unfinished === '') {
        this.#dropTorn(path, i + 1);
      } else {
        throw new StateFileError(
          path,
          `line ${i + 1} of the log is damaged (its checksum or JSON does not hold)`,
        );
      }
    }
    if (unfinished !== '') this.#dropTorn(path, lines.length + 1);
  }

  #dropTorn(path: string, line: number): void {
    this.#log?.warn(
      'The last change in the log was cut short by a crash and is dropped (it was never acknowledged)',
      {
        path,
        line,
      },
    );
  }
}

function checksum(json: string): string {
  return crc32(json).toString(16).padStart(8, '0');
}

function parseLine(line: string): ChangeBatch | undefined {
  const space = line.indexOf(' ');
  if (space !== 8) return undefined;
  const json = line.slice(9);
  if (line.slice(0, 8) !== checksum(json)) return undefined;
  try {
    const batch = JSON.parse(json) as unknown;
    return typeof batch === 'object' && batch !== null ? (batch as ChangeBatch) : undefined;
  } catch {
    return undefined;
  }
}

function applyBatch(state: State, batch: ChangeBatch): void {
  if (typeof batch.clock_offset_ms === 'number') state.clock_offset_ms = batch.clock_offset_ms;
  for (const [name, rows] of Object.entries(batch.tables ?? {})) {
    state.tables[name] ??= {};
    const table = state.tables[name];
    for (const [id, row] of Object.entries(rows)) {
      if (row === null) delete table[id];
      else table[id] = row;
    }
  }
}

function writeFully(fd: number, buffer: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number) => {
      write(fd, buffer, offset, buffer.length - offset, null, (error, written) => {
        if (error) reject(error);
        else if (offset + written < buffer.length) step(offset + written);
        else resolve();
      });
    };
    step(0);
  });
}

function datasync(fd: number): Promise<void> {
  return new Promise((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
}
