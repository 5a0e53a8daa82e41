import { type BigIntStats, closeSync, fstatSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { ChangeLog, type FsyncPolicy } from './change-log';
import { OutsideEditError, StalePiecesError, StateFileError } from './errors';
import type { Persistence, PieceWriter } from './persistence';
import { asState, type State, StateSchema } from './state';
import {
  type EncodedPiece,
  encodePiece,
  type Fingerprint,
  fingerprintOf,
  fingerprintOfText,
  isText,
  spill,
  writeBuffer,
  writePieces,
} from './state-pieces';
import type { StoreLog } from './store';

/**
 * The state holds the token-signing secret: the file is its owner's alone, and so is a folder
 * the server creates for it (an existing folder is left as it is). Passed explicitly, so a
 * permissive umask cannot widen them; the file is set again after it is opened, as an existing
 * temp file keeps its old mode.
 */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/** How often a watched state file's metadata is read: an outside edit is taken in this long after it, plus 40 ms for it to settle. */
const WATCH_INTERVAL_MS = 100;

/** What the file looked like right after this process last wrote or loaded it. */
interface OwnVersion {
  /**
   * A digest of the text, so a file rewritten with the same content is still known as ours; a
   * promise while the text of a load is still being hashed (see `fingerprintOfText`).
   */
  fingerprint: Fingerprint | Promise<Fingerprint>;
  /** Identity and modification time: any other writer changes at least one of them. */
  stats: BigIntStats;
}

/**
 * The state as one JSON file. Read through lowdb's text adapter (used directly: lowdb's
 * `Low.read` treats an empty file as "no data", which would let a truncated state file be
 * overwritten instead of refused); written atomically, as lowdb's writer does (a temp file
 * beside it, then a rename), with one more step that writer has no place for: just before the
 * rename, the file about to be replaced is checked to still be our own last write.
 *
 * Outside edits are told apart from this process's own writes by bookkeeping, not by timing:
 * after each write or load the file's inode, size and nanosecond mtime are recorded with a
 * digest of its text. A file that still matches is ours; one that does not is read, and its
 * text is ours only if the digest matches. The store serialises every write and every check,
 * so a check never runs while a write of ours is half done.
 */
export class FilePersistence implements Persistence {
  readonly location: string;
  readonly durable = true;
  readonly #temp: string;
  #own: OwnVersion | undefined;
  /** The file written last (the state file, or what a rename replaced it with), open to copy spilled pieces from. */
  #source: { file: FileHandle; stats: BigIntStats } | undefined;
  #watcher: FSWatcher | undefined;
  #closed = false;
  /** Released when the persistence is closed (see node/state-lock.ts). */
  readonly #lock: { release(): void } | undefined;
  /** Made by the first write, then reused by every write (the store runs one at a time). */
  #buffer: Buffer | undefined;
  readonly changeLog: ChangeLog;
  readonly #fsync: FsyncPolicy;
  readonly pieces: PieceWriter<EncodedPiece> = {
    encode: encodePiece,
    write: (pieces) => this.writePieces(pieces),
  };

  /** `path` is the state file's real path (see node/state-path.ts): a link to it stays a link. */
  constructor(
    path: string,
    options: { lock?: { release(): void }; fsync?: FsyncPolicy; log?: StoreLog } = {},
  ) {
    this.location = resolve(path);
    this.#lock = options.lock;
    this.#temp = join(dirname(this.location), `.${basename(this.location)}.tmp`);
    this.#fsync = options.fsync ?? 'everysec';
    this.changeLog = new ChangeLog(this.location, { fsync: this.#fsync, log: options.log });
  }

  async load(): Promise<State | undefined> {
    // Taken before reading: a change made after it shows as other metadata at the next check.
    const stats = await statOf(this.location);
    // Imported here, not by the module: a server in memory never reads a file.
    const { TextFile } = await import('lowdb/node');
    let text: string | null;
    try {
      text = await new TextFile(this.location).read();
    } catch (error) {
      // A directory, a file where a folder should be, no permission: refused like a bad file.
      throw new StateFileError(this.location, `cannot be read: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (text === null) return undefined;
    const { state, logGeneration } = parseStateFile(this.location, text);
    if (stats) this.#own = { fingerprint: fingerprintOfText(text), stats };
    // The changes acknowledged after the snapshot was written.
    this.changeLog.replay(state, logGeneration);
    return state;
  }

  /**
   * Creates and removes the temp file every write goes through, in the folder the rename needs,
   * and makes a state file others may read its owner's alone.
   */
  async probe(): Promise<void> {
    await mkdir(dirname(this.location), { recursive: true, mode: FOLDER_MODE });
    await (await open(this.#temp, 'w', FILE_MODE)).close();
    rmSync(this.#temp, { force: true });
    await tightenMode(this.location);
  }

  /** Throws OutsideEditError, writing nothing, when the file holds an edit made from outside. */
  write(serialised: string): Promise<void> {
    return this.writePieces([encodePiece(serialised)]);
  }

  /**
   * As `write`, the pieces end to end, streamed to the temp file (no one string of the whole
   * state), the spilled ones copied from the file written last. Throws StalePiecesError when that
   * file changed since (touched, edited in place): its copies could not be trusted.
   */
  async writePieces(pieces: readonly EncodedPiece[]): Promise<void> {
    const own = await this.#ownVersion();
    await mkdir(dirname(this.location), { recursive: true, mode: FOLDER_MODE });
    const target = await open(this.#temp, 'w+', FILE_MODE);
    let renamed = false;
    try {
      // The rename puts this file in the state file's place: a looser mode there goes with it.
      await target.chmod(FILE_MODE);
      const source = await this.#unchangedSource();
      this.#buffer ??= writeBuffer();
      const offsets = await writePieces(target, pieces, source?.file, this.#buffer);
      // Checked again once copied: a change made while copying shows in the metadata.
      if (source && !sameVersion(await source.file.stat({ bigint: true }), source.stats)) {
        throw new StalePiecesError();
      }
      // On the disk before it replaces the file the log's older generations follow.
      if (this.#fsync !== 'no') await target.datasync();
      const written = await target.stat({ bigint: true });
      // The check and the rename run back to back in system calls that do not yield to the event
      // loop, so another writer's save can slip in between only within microseconds.
      // The replaced file stays open: an edit saved into it in place meanwhile is still readable.
      const replaced = openIfExists(this.location);
      try {
        const before = replaced === undefined ? undefined : fstatSync(replaced, { bigint: true });
        if (before && !isOwn(own, before, replaced!)) throw new OutsideEditError(this.location);
        renameSync(this.#temp, this.location);
        renamed = true;
        // The temp file's own metadata: a rename keeps inode, size and mtime.
        this.#own = { fingerprint: fingerprintOf(pieces), stats: written };
        // The new file is where the next write copies the unchanged pieces from.
        spill(pieces, offsets);
        const previous = this.#source;
        this.#source = { file: target, stats: written };
        try {
          if (before && !sameVersion(before, fstatSync(replaced!, { bigint: true }))) {
            // Edited in place between the check and the rename: put the edit back, for the store to take in.
            await this.#restore(await settledBytes(replaced!));
          }
        } finally {
          await previous?.file.close();
        }
      } finally {
        if (replaced !== undefined) closeSync(replaced);
      }
    } catch (error) {
      if (!renamed) {
        await target.close();
        rmSync(this.#temp, { force: true });
      }
      throw error;
    }
  }

  /** The file written last, if it still holds what was written (same inode, size and mtime). */
  async #unchangedSource(): Promise<{ file: FileHandle; stats: BigIntStats } | undefined> {
    if (!this.#source) return undefined;
    const now = await this.#source.file.stat({ bigint: true });
    return sameVersion(now, this.#source.stats) ? this.#source : undefined;
  }

  async readOutsideEdit(): Promise<State | undefined> {
    const stats = await statOf(this.location);
    // Deleted: nothing to reload; the next write puts the state back.
    if (!stats) return undefined;
    if (this.#own && sameVersion(stats, this.#own.stats)) return undefined;
    let bytes: Buffer;
    try {
      bytes = await readFile(this.location);
    } catch {
      return undefined; // moved away between stat and read: the next check tells
    }
    const own = await this.#ownVersion();
    if (own && isText(bytes, own.fingerprint)) {
      // Our own text with other metadata (touched, copied back): nothing changed.
      own.stats = stats;
      return undefined;
    }
    const text = bytes.toString('utf8');
    const { state } = parseStateFile(this.location, text);
    this.#own = { fingerprint: fingerprintOfText(text), stats };
    return state;
  }

  /**
   * Imports chokidar only here: a server that does not watch its file never pays its start-up cost.
   *
   * The file is polled by its path (`usePolling`), not watched through its inode: every write
   * renames a new file over it, and a watch on the inode follows a replacement only when it sees
   * one. Chokidar drops an event within 5 ms of the one before, so two writes close together
   * left it on a file already gone, deaf to every later edit. Polling also sees edits where file
   * events never come (network and container mounts).
   */
  async watch(onEvent: () => void): Promise<void> {
    const { watch } = await import('chokidar');
    if (this.#closed) return;
    const watcher = watch(this.location, {
      ignoreInitial: true,
      usePolling: true,
      interval: WATCH_INTERVAL_MS,
      // Else a state file named like a binary one (`state.bin`, `state.dat`) is polled every 300 ms.
      binaryInterval: WATCH_INTERVAL_MS,
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
    });
    this.#watcher = watcher;
    watcher.on('add', onEvent).on('change', onEvent);
    // An edit before the watcher's first scan ends goes unreported: the server starts once it is
    // watching (or once watching failed, as before).
    await new Promise<void>((resolve) => {
      watcher.once('ready', resolve);
      watcher.once('error', () => resolve());
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    try {
      await this.#watcher?.close();
      await this.#source?.file.close();
      this.#source = undefined;
    } finally {
      this.#lock?.release();
    }
  }

  /** Our last write or load, once the digest of a loaded text is taken. */
  async #ownVersion(): Promise<SettledVersion | undefined> {
    const own = this.#own;
    if (!own) return undefined;
    own.fingerprint = await own.fingerprint;
    return own as SettledVersion;
  }

  async #restore(edit: Buffer): Promise<void> {
    await writeAndStat(this.#temp, edit);
    renameSync(this.#temp, this.location);
    this.#own = undefined;
    throw new OutsideEditError(this.location);
  }
}

type SettledVersion = OwnVersion & { fingerprint: Fingerprint };

/** Whether the open file is our last write or load (checked by metadata, then by content). */
function isOwn(own: SettledVersion | undefined, stats: BigIntStats, fd: number): boolean {
  if (!own) return false;
  if (sameVersion(stats, own.stats)) return true;
  return isText(readAll(fd), own.fingerprint);
}

/** Writes `bytes` to a new file at `path` and answers that file's metadata. */
async function writeAndStat(path: string, bytes: Buffer): Promise<BigIntStats> {
  const file = await open(path, 'w', FILE_MODE);
  try {
    await file.chmod(FILE_MODE);
    await file.writeFile(bytes);
    return await file.stat({ bigint: true });
  } finally {
    await file.close();
  }
}

/**
 * The bytes of an open file once its writer (an editor saving in place) has stopped for a moment:
 * no change of metadata for 50 ms, or 2 s at most.
 */
async function settledBytes(fd: number): Promise<Buffer> {
  let last = fstatSync(fd, { bigint: true });
  for (let waited = 0; waited < 2000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = fstatSync(fd, { bigint: true });
    if (sameVersion(now, last)) break;
    last = now;
  }
  return readAll(fd);
}

/** The whole file from its start, whatever was read through the descriptor before. */
function readAll(fd: number): Buffer {
  const chunks: Buffer[] = [];
  for (let position = 0; ; ) {
    const buffer = Buffer.alloc(1 << 20);
    const bytesRead = readSync(fd, buffer, 0, buffer.length, position);
    if (bytesRead === 0) return Buffer.concat(chunks);
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
}

/**
 * An existing state file readable or writable by others is made its owner's alone at start, not
 * only at the first write. A file the server may not change (another owner) is left to that write.
 */
async function tightenMode(path: string): Promise<void> {
  const stats = await statOf(path);
  if (!stats || (Number(stats.mode) & 0o077) === 0) return;
  await chmod(path, FILE_MODE).catch(() => undefined);
}

function openIfExists(path: string): number | undefined {
  try {
    return openSync(path, 'r');
  } catch {
    return undefined;
  }
}

async function statOf(path: string): Promise<BigIntStats | undefined> {
  try {
    return await stat(path, { bigint: true });
  } catch {
    return undefined;
  }
}

function sameVersion(a: BigIntStats, b: BigIntStats): boolean {
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/**
 * The state, and the log generation that follows it (`"log": n`, written by the server; a file
 * written without it, or by another program, names none).
 */
function parseStateFile(path: string, text: string): { state: State; logGeneration: number | undefined } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `not JSON: ${(error as Error).message}`, { cause: error });
  }
  const log = typeof json === 'object' && json !== null ? (json as { log?: unknown }).log : undefined;
  return {
    state: stateOf(path, json),
    logGeneration: Number.isSafeInteger(log) && (log as number) > 0 ? (log as number) : undefined,
  };
}

function stateOf(path: string, json: unknown): State {
  const state = asState(json);
  if (state) return state;
  const parsed = StateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateFileError(path, `${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  return parsed.data as State;
}
