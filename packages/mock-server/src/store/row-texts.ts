import { noteOf } from './row-notes';

/**
 * Text derived from a stored record (its public JSON), kept in the record's note (row-notes.ts)
 * until it changes. A page of a list renders the same records request after request:
 * serialising each one again was most of a GET's own work. Only records a table holds have a
 * note (a view a handler builds per request is new every time), and a table empties it on every
 * update and delete, the same changes its state file's blocks follow.
 */

/** Drops a record's text: it changed, or left its table. */
export function forgetTextsOf(row: object): void {
  const note = noteOf(row);
  if (note) note.text = undefined;
}

/**
 * The text `render` makes of `row`, made once per record and renderer while the record stays as
 * it is. `by` names the renderer (a schema): another renderer of the same record makes its own.
 */
export function textOf(row: unknown, by: object, render: (row: unknown) => string): string {
  const note = typeof row === 'object' && row !== null ? noteOf(row) : undefined;
  if (note === undefined) return render(row);
  const kept = note.text;
  if (kept !== undefined && kept.by === by) return kept.text;
  const text = render(row);
  note.text = { by, text, bytes: utf8Length(text) };
  return text;
}

/** The UTF-8 length of `text` when it is the text `row` keeps (see `textOf`). */
export function keptTextBytes(row: unknown, text: string): number | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const kept = noteOf(row)?.text;
  return kept?.text === text ? kept.bytes : undefined;
}

const NOT_ASCII = /[^\0-\x7f]/;
const encoder = new TextEncoder();

/** The length of `text` in UTF-8; ASCII, its length. */
export function utf8Length(text: string): number {
  return NOT_ASCII.test(text) ? encoder.encode(text).byteLength : text.length;
}
