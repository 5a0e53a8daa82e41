export type OutputFormat = 'table' | 'json' | 'yaml';

export interface OutputOptions {
  output?: OutputFormat;
  quiet?: boolean;
  /** Table columns to show first, in this order (the command's choice, not a flag). */
  columns?: readonly string[];
}

/** Table on a terminal, JSON when piped, unless `--output` says otherwise. */
export function resolveFormat(
  options: OutputOptions,
  stream: NodeJS.WriteStream = process.stdout,
): OutputFormat {
  return options.output ?? (stream.isTTY ? 'table' : 'json');
}

/** Prints a record, a list of records, or nothing (204). `--quiet` prints ids only. */
export async function print(
  value: unknown,
  options: OutputOptions,
  stream: NodeJS.WriteStream = process.stdout,
): Promise<void> {
  if (value === undefined) return;
  if (options.quiet) {
    const rows = Array.isArray(value) ? value : [value];
    for (const row of rows) {
      const id =
        row && typeof row === 'object'
          ? ((row as Record<string, unknown>).id ?? (row as Record<string, unknown>).name)
          : row;
      if (id !== undefined) stream.write(`${String(id)}\n`);
    }
    return;
  }
  const format = resolveFormat(options, stream);
  if (format === 'json') stream.write(`${JSON.stringify(value, null, 2)}\n`);
  // yaml and cli-table3 are loaded only for their format: a command starts without them.
  else if (format === 'yaml') stream.write((await import('./yaml')).toYaml(value));
  else {
    const Table = (await import('cli-table3')).default;
    stream.write(`${renderTable(Table, value, options.columns, terminalWidth(stream))}\n`);
  }
}

/** The width a table must fit: the terminal's, else `COLUMNS` (as `ls` reads it), else none. */
function terminalWidth(stream: NodeJS.WriteStream): number | undefined {
  if (stream.isTTY && stream.columns) return stream.columns;
  const columns = Number(process.env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

/** Narrowest a truncated column gets: room for a few characters and the ellipsis. */
const MIN_COLUMN = 6;

/** The narrowest a list's table can be with these columns: the id whole, the others cut short. */
function narrowest(columns: readonly string[]): number {
  const ID_WIDTH = 38; // a UUID and its padding
  return columns.reduce((sum, c) => sum + (c === 'id' ? ID_WIDTH : MIN_COLUMN), columns.length + 1);
}

/**
 * Column widths (padding included) that fit `width` with the table's borders, as gh does: the
 * widest column gives way first, one character at a time, down to its `floor` (what must show
 * whole, such as an id). Undefined when the table fits as it is.
 */
function fittedWidths(
  head: readonly string[],
  rows: readonly string[][],
  width: number,
  floor: (column: number, natural: number) => number,
): number[] | undefined {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)) + 2);
  const floors = widths.map((natural, i) => Math.min(natural, floor(i, natural)));
  let total = widths.reduce((sum, w) => sum + w, head.length + 1);
  if (total <= width) return undefined;
  while (total > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++)
      if (widths[i]! > floors[i]! && (widest < 0 || widths[i]! > widths[widest]!)) widest = i;
    if (widest < 0) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

function renderTable(
  Table: typeof import('cli-table3'),
  value: unknown,
  preferred: readonly string[] = ['id', 'name'],
  width?: number,
): string {
  const style = { head: [], border: [] };
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    const columns = pickColumns(value as Record<string, unknown>[], preferred);
    // Too narrow for every column even cut short: the last ones go, as many as need to.
    while (width !== undefined && columns.length > 2 && narrowest(columns) > width) columns.pop();
    const rows = (value as Record<string, unknown>[]).map((row) => columns.map((c) => cell(row?.[c])));
    const colWidths =
      width === undefined
        ? undefined
        : fittedWidths(columns, rows, width, (i, natural) => (columns[i] === 'id' ? natural : MIN_COLUMN));
    // cli-table3 cuts a cell longer than its column with an ellipsis.
    const table = new Table({ head: columns, style, ...(colWidths && { colWidths }) });
    for (const row of rows) table.push(row);
    return table.toString();
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, field]) => [key, cell(field)]);
    // A record is a key column and a value column: the values give way, never the keys or the id.
    const id = (value as Record<string, unknown>).id;
    const idWidth = typeof id === 'string' ? id.length + 2 : MIN_COLUMN;
    const colWidths =
      width === undefined
        ? undefined
        : fittedWidths(['', ''], entries, width, (i, natural) => (i === 0 ? natural : idWidth));
    const table = new Table({ style, ...(colWidths && { colWidths }) });
    for (const [key, field] of entries) table.push({ [key!]: field! });
    return table.toString();
  }
  return String(value);
}

/** The scalar columns the rows have, the preferred ones first (id and name by default), at most eight. */
function pickColumns(rows: Record<string, unknown>[], preferred: readonly string[]): string[] {
  const seen = new Map<string, number>();
  for (const row of rows) {
    for (const [key, v] of Object.entries(row ?? {})) {
      if (v === null || typeof v !== 'object') seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  const keys = [...seen.keys()].filter((k) => k !== 'project_id' && k !== 'updated_at');
  const first = preferred.filter((k) => keys.includes(k));
  return [...first, ...keys.filter((k) => !first.includes(k))].slice(0, 8);
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
