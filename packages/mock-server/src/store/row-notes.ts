/**
 * What a table keeps beside each record it holds: the text made of it (row-texts.ts) and the
 * block of the state file's serialisation it is in (row-blocks.ts).
 *
 * The note is one property of the record under a symbol, not enumerable: JSON, `Object.keys`,
 * spreads and `Object.assign` never see it. A WeakMap of every stored record cost the collector
 * on each create (bench/README.md, run U), and a Map of ids to blocks 2.5 % of a create's CPU
 * (run AC).
 */
const NOTE = Symbol('nimbus.rowNote');

/** A record's text as one renderer made it (row-texts.ts). */
export interface KeptText {
  /** The renderer the text is of (a schema). */
  readonly by: object;
  readonly text: string;
  /** Its length in UTF-8, counted once: the Node server's `content-length` sums the page's. */
  readonly bytes: number;
}

export interface RowNote {
  /** The text made of the record, until it changes. */
  text: KeptText | undefined;
  /** The serialisation block the record is in, once its table's state file has blocks. */
  block: object | undefined;
}

type Noted = { [NOTE]?: RowNote };

/** The note of a record a table holds, made on its first insert. */
export function giveNote(row: object): RowNote {
  if (Object.hasOwn(row, NOTE)) return (row as Noted)[NOTE]!;
  const note: RowNote = { text: undefined, block: undefined };
  Object.defineProperty(row, NOTE, { value: note, enumerable: false });
  return note;
}

/** The note of a record, or undefined when no table holds it (a view made for one answer). */
export function noteOf(row: object): RowNote | undefined {
  return (row as Noted)[NOTE];
}
