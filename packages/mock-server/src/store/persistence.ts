import type { ChangeLog } from './change-log';
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
  /**
   * Throws when the location cannot take a write now, without writing the state: the store asks
   * this of a state it just loaded, which is already there (rewriting a large one costs seconds).
   * Without it, the store writes the loaded state once instead.
   */
  probe?(): Promise<void>;
  /**
   * When set, the store writes through it instead of `write`, in pieces: the parts of the state
   * that did not change since the last flush are handed in as the same pieces, encoded once.
   */
  readonly pieces?: PieceWriter<unknown>;
  /**
   * For a location others can edit (a file): the state it holds when someone other than this
   * process wrote it since our last write or load, else undefined. Throws StateFileError when
   * that edit is not a valid state.
   */
  readOutsideEdit?(): Promise<State | undefined>;
  /**
   * Calls `onEvent` whenever the location may have been changed; the store then asks
   * `readOutsideEdit`. A promise it answers settles once the location is watched.
   */
  watch?(onEvent: () => void): void | Promise<void>;
  /**
   * Where each change is appended before the request that made it is answered (a state file's
   * write-ahead log); the whole-state writes compact it.
   */
  readonly changeLog?: ChangeLog;
  close(): Promise<void>;
}

/** Writes the state as a sequence of pieces that, put end to end, are its JSON text. */
export interface PieceWriter<Piece> {
  /** Turns a part of the JSON text into a piece (e.g. its bytes and their digest). */
  encode(text: string): Piece;
  /** Writes the pieces end to end, atomically, as `Persistence.write` does the whole text. */
  write(pieces: readonly Piece[]): Promise<void>;
}

/** Keeps nothing: state lives only as long as the process. */
export class MemoryPersistence implements Persistence {
  readonly location = 'memory';
  readonly durable = false;
  async load(): Promise<undefined> {
    return undefined;
  }
  async write(): Promise<void> {}
  async close(): Promise<void> {}
}
