import { mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type FSWatcher, watch } from 'chokidar';
import { TextFile } from 'lowdb/node';
import { StateFileError } from './errors';
import type { Persistence } from './persistence';
import { asState, type State, StateSchema } from './state';

/**
 * The state as one JSON file, through lowdb's atomic text adapter (temp file + rename).
 * The adapter is used directly: lowdb's `Low.read` treats an empty file as "no data",
 * which would let a truncated state file be overwritten instead of refused.
 * The store serialises once per flush and hands the text here. chokidar reports edits
 * made by others; our own writes are recognised by their content and ignored.
 */
export class FilePersistence implements Persistence {
  readonly location: string;
  readonly durable = true;
  readonly #file: TextFile;
  #lastWritten: string | undefined;
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
    this.#lastWritten = text;
    return state;
  }

  async write(serialised: string): Promise<void> {
    await mkdir(dirname(this.location), { recursive: true });
    this.#lastWritten = serialised;
    await this.#file.write(serialised);
  }

  watch(onChange: (result: { state: State } | { error: Error }) => void): void {
    this.#watcher = watch(this.location, {
      ignoreInitial: true,
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
    });
    this.#watcher.on('change', async () => {
      let text: string;
      try {
        text = await readFile(this.location, 'utf8');
      } catch {
        return; // moved away between the event and the read: the next event tells
      }
      if (text === this.#lastWritten) return;
      try {
        const state = parseState(this.location, text);
        this.#lastWritten = text;
        onChange({ state });
      } catch (error) {
        onChange({ error: error as Error });
      }
    });
  }

  async close(): Promise<void> {
    await this.#watcher?.close();
  }
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
