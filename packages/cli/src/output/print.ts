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
  else stream.write(`${renderTable((await import('cli-table3')).default, value, options.columns)}\n`);
}

function renderTable(
  Table: typeof import('cli-table3'),
  value: unknown,
  preferred: readonly string[] = ['id', 'name'],
): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '(none)';
    const columns = pickColumns(value as Record<string, unknown>[], preferred);
    const table = new Table({ head: columns, style: { head: [], border: [] } });
    for (const row of value as Record<string, unknown>[]) table.push(columns.map((c) => cell(row?.[c])));
    return table.toString();
  }
  if (value && typeof value === 'object') {
    const table = new Table({ style: { head: [], border: [] } });
    for (const [key, field] of Object.entries(value)) table.push({ [key]: cell(field) });
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
