import { noteOf, type RowNote } from './row-notes';
import type { StoredRecord } from './state';

/** Records per block: small enough that a change re-serialises little, large enough to keep few pieces. */
const BLOCK_SIZE = 512;

interface Block {
  /** In insertion order. An array, not a Set: a Set entry per record cost more memory and time on every insert. */
  readonly ids: string[];
  /** The block's serialised form as the persistence encoded it; undefined once a record changed. */
  piece: unknown;
}

/**
 * A table's record ids in blocks of insertion order, each with its serialised form kept until
 * one of its records is inserted, updated or deleted: a flush serialises the blocks that changed
 * since the last one instead of the whole table (under a stream of creates, the last few). Each
 * record's block is in its note (row-notes.ts).
 */
export class RowBlocks {
  readonly #blocks: Block[] = [];

  /** `note` is the row's own (`giveNote`), which the table has just looked up. */
  add(row: StoredRecord, note: RowNote): void {
    let block = this.#blocks.at(-1);
    if (!block || block.ids.length >= BLOCK_SIZE) {
      block = { ids: [], piece: undefined };
      this.#blocks.push(block);
    }
    block.ids.push(row.id);
    block.piece = undefined;
    note.block = block;
  }

  changed(row: StoredRecord): void {
    const block = noteOf(row)?.block as Block | undefined;
    if (block) block.piece = undefined;
  }

  remove(row: StoredRecord): void {
    const note = noteOf(row);
    const block = note?.block as Block | undefined;
    if (!note || !block) return;
    note.block = undefined;
    // At most BLOCK_SIZE ids to look through; deletes are rare next to inserts.
    const i = block.ids.lastIndexOf(row.id);
    if (i !== -1) block.ids.splice(i, 1);
    block.piece = undefined;
    if (block.ids.length === 0) this.#blocks.splice(this.#blocks.lastIndexOf(block), 1);
  }

  /**
   * Encodes changed blocks until `deadline` (a `performance.now()` time); answers whether none is
   * left. Lets the store do most of a large flush in steps, between which requests are served.
   */
  encodeUntil<Piece>(
    rows: Record<string, StoredRecord>,
    encode: (text: string) => Piece,
    deadline: number,
  ): boolean {
    for (const block of this.#blocks) {
      if (block.piece !== undefined) continue;
      if (performance.now() > deadline) return false;
      block.piece = encode(blockText(rows, block.ids));
    }
    return true;
  }

  /** Drops every kept piece: the next `pieces` serialises every block again. */
  forget(): void {
    for (const block of this.#blocks) block.piece = undefined;
  }

  /**
   * Each non-empty block as `"id":{...},"id":{...}` passed through `encode`, re-encoding only the
   * blocks changed since the last call. `encode` must be the same function on every call.
   */
  pieces<Piece>(rows: Record<string, StoredRecord>, encode: (text: string) => Piece): Piece[] {
    const pieces: Piece[] = [];
    for (const block of this.#blocks) {
      block.piece ??= encode(blockText(rows, block.ids));
      pieces.push(block.piece as Piece);
    }
    return pieces;
  }
}

/** All the records of `rows`, in blocks as RowBlocks makes them, each passed through `encode`. */
export function serialiseRows<Piece>(
  rows: Record<string, StoredRecord>,
  encode: (text: string) => Piece,
): Piece[] {
  const ids = Object.keys(rows);
  const pieces: Piece[] = [];
  for (let i = 0; i < ids.length; i += BLOCK_SIZE) {
    pieces.push(encode(blockText(rows, ids.slice(i, i + BLOCK_SIZE))));
  }
  return pieces;
}

/** One JSON.stringify of the block's records (a third faster than one per record), braces cut off. */
function blockText(rows: Record<string, StoredRecord>, ids: Iterable<string>): string {
  // No prototype: an id such as `__proto__` stays a plain key.
  const block: Record<string, StoredRecord> = Object.create(null);
  for (const id of ids) block[id] = rows[id]!;
  return JSON.stringify(block).slice(1, -1);
}
