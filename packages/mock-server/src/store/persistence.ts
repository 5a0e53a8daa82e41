import type { State } from './state';

/** Where the state lives between runs. The store decides when to write. */
export interface Persistence {
  /** A description for messages, e.g. the file path. */
  readonly location: string;
  /** False when nothing is kept: the store then skips serialising altogether. */
  readonly durable: boolean;
  /** The saved state, or undefined when there is none yet. Throws StateFileError on a bad file. */
  load(): Promise<State | undefined>;
  /** Writes the serialised state atomically. */
  write(serialised: string): Promise<void>;
  /** Starts reporting edits made by others; `onChange` receives the new state or an error. */
  watch(onChange: (result: { state: State } | { error: Error }) => void): void;
  close(): Promise<void>;
}

/** Keeps nothing: state lives only as long as the process. */
export class MemoryPersistence implements Persistence {
  readonly location = 'memory';
  readonly durable = false;
  async load(): Promise<undefined> {
    return undefined;
  }
  async write(): Promise<void> {}
  watch(): void {}
  async close(): Promise<void> {}
}
