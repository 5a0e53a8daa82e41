import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { TextFile } from 'lowdb/node';
import { StateFileError } from './errors';
import type { Persistence } from './persistence';
import { asState, type State, StateSchema } from './state';

/** What the file looked like right after this process last wrote or loaded it. */
interface OwnVersion {
  /** A digest of the text, so a file rewritten with the same content is still known as ours. */
  readonly digest: string;
  /** Identity and modification time: any other writer changes at least one of them. */
  stats: BigIntStats;
}

/**
 * The state as one JSON file, through lowdb's atomic text adapter (temp file + rename).
 * The adapter is used directly: lowdb's `Low.read` treats an empty file as "no data",
 * which would let a truncated state file be overwritten instead of refused.
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
  readonly #file: TextFile;
  #own: OwnVersion | undefined;
  #watcher: FSWatcher | undefined;

  constructor(path: string) {
    this.location = resolve(path);
    this.#file = new TextFile(this.location);
  }

  async load(): Promise<State | undefined> {
    let text: string | null;
    try {
      text = await this.#file.read();
    } catch (error) {
      // A directory, a file where a folder should be, no permission: refused like a bad file.
      throw new StateFileError(this.location, `cannot be read: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (text === null) return undefined;
    const state = parseState(this.location, text);
    await this.#remember(text);
    return state;
  }

  async write(serialised: string): Promise<void> {
    await mkdir(dirname(this.location), { recursive: true });
    await this.#file.write(serialised);
    await this.#remember(serialised);
  }

  async readOutsideEdit(): Promise<State | undefined> {
    const stats = await statOf(this.location);
    // Deleted: nothing to reload; the next write puts the state back.
    if (!stats) return undefined;
    if (this.#own && sameVersion(stats, this.#own.stats)) return undefined;
    let text: string;
    try {
      text = await readFile(this.location, 'utf8');
    } catch {
      return undefined; // moved away between stat and read: the next check tells
    }
    const digest = digestOf(text);
    if (digest === this.#own?.digest) {
      // Our own text with other metadata (touched, copied back): nothing changed.
      this.#own.stats = stats;
      return undefined;
    }
    const state = parseState(this.location, text);
    this.#own = { digest, stats };
    return state;
  }

  watch(onEvent: () => void): void {
    this.#watcher = watch(this.location, {
      ignoreInitial: true,
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
    });
    this.#watcher.on('add', onEvent).on('change', onEvent);
  }

  async close(): Promise<void> {
    await this.#watcher?.close();
  }

  async #remember(text: string): Promise<void> {
    const stats = await statOf(this.location);
    this.#own = stats ? { digest: digestOf(text), stats } : undefined;
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

function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function parseState(path: string, text: string): State {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, `not JSON: ${(error as Error).message}`, { cause: error });
  }
  const state = asState(json);
  if (state) return state;
  const parsed = StateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateFileError(path, `${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  return parsed.data as State;
}
