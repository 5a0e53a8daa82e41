/**
 * Text derived from a stored record (its public JSON), kept with the record until it changes.
 * A page of a list renders the same records request after request: serialising each one again
 * was most of a GET's own work. Only records a table holds are kept (a view a handler builds
 * per request is new every time), and a table drops a record's text on every update and delete,
 * the same changes its state file's blocks follow.
 */
const texts = new WeakMap<object, { readonly by: object; readonly text: string }>();
const stored = new WeakSet<object>();

/** Marks a record a table holds, so that its texts are kept. */
export function keepTextsOf(row: object): void {
  stored.add(row);
}

/** Drops a record's texts: it changed, or left its table. */
export function forgetTextsOf(row: object): void {
  texts.delete(row);
}

/**
 * The text `render` makes of `row`, made once per record and renderer while the record stays as
 * it is. `by` names the renderer (a schema): another renderer of the same record makes its own.
 */
export function textOf(row: unknown, by: object, render: (row: unknown) => string): string {
  if (typeof row !== 'object' || row === null || !stored.has(row)) return render(row);
  const kept = texts.get(row);
  if (kept !== undefined && kept.by === by) return kept.text;
  const text = render(row);
  texts.set(row, { by, text });
  return text;
}
