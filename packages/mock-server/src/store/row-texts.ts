/**
 * Text derived from a stored record (its public JSON), kept with the record until it changes.
 * A page of a list renders the same records request after request: serialising each one again
 * was most of a GET's own work. Only records a table holds have a place for it (a view a handler
 * builds per request is new every time), and a table empties it on every update and delete, the
 * same changes its state file's blocks follow.
 *
 * The place is a property of the record under a symbol, not enumerable: JSON, `Object.keys`,
 * spreads and `Object.assign` never see it. A WeakMap and a WeakSet of every stored record cost
 * the collector on each create (bench/README.md, run U).
 */
const KEPT_TEXT = Symbol('nimbus.keptText');

interface KeptText {
  /** The renderer the text is of (a schema). */
  readonly by: object;
  readonly text: string;
  /** Its length in UTF-8, counted once: the Node server's `content-length` sums the page's. */
  readonly bytes: number;
}

type WithKeptText = { [KEPT_TEXT]?: KeptText | undefined };

/** Gives a record a table holds a place for its texts. */
export function keepTextsOf(row: object): void {
  if (!Object.hasOwn(row, KEPT_TEXT)) {
    Object.defineProperty(row, KEPT_TEXT, { value: undefined, writable: true, enumerable: false });
  }
}

/** Drops a record's texts: it changed, or left its table. */
export function forgetTextsOf(row: object): void {
  // Assigned only where defined: assigned on a record without it, it would be enumerable.
  if (Object.hasOwn(row, KEPT_TEXT)) (row as WithKeptText)[KEPT_TEXT] = undefined;
}

/**
 * The text `render` makes of `row`, made once per record and renderer while the record stays as
 * it is. `by` names the renderer (a schema): another renderer of the same record makes its own.
 */
export function textOf(row: unknown, by: object, render: (row: unknown) => string): string {
  if (typeof row !== 'object' || row === null || !(KEPT_TEXT in row)) return render(row);
  const held = row as WithKeptText;
  const kept = held[KEPT_TEXT];
  if (kept !== undefined && kept.by === by) return kept.text;
  const text = render(row);
  held[KEPT_TEXT] = { by, text, bytes: utf8Length(text) };
  return text;
}

/** The UTF-8 length of `text` when it is the text `row` keeps (see `textOf`). */
export function keptTextBytes(row: unknown, text: string): number | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const kept = (row as WithKeptText)[KEPT_TEXT];
  return kept?.text === text ? kept.bytes : undefined;
}

const NOT_ASCII = /[^\0-\x7f]/;
const encoder = new TextEncoder();

/** The length of `text` in UTF-8; ASCII, its length. */
export function utf8Length(text: string): number {
  return NOT_ASCII.test(text) ? encoder.encode(text).byteLength : text.length;
}
