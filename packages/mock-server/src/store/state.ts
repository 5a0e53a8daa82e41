import * as z from 'zod';

/** A stored record: what every table holds. */
export interface StoredRecord {
  id: string;
  created_at: string;
  updated_at: string;
  /**
   * Optional here, required on project rows: a row interface that extends a public model too
   * restates it as `project_id: string`, since it may not inherit two forms of one field.
   */
  project_id?: string;
  [field: string]: unknown;
}

/** The whole persisted state: one JSON document. */
export interface State {
  version: 1;
  /** JWT signing secret (base64url). Stays across reset; never exported. */
  secret: string;
  /** How far the simulated clock is ahead of real time. */
  clock_offset_ms: number;
  tables: Record<string, Record<string, StoredRecord>>;
}

export const STATE_VERSION = 1;

/** Shape check on load and import: enough to refuse a file that is not a state. */
export const StateSchema = z.object({
  version: z.literal(STATE_VERSION),
  secret: z.string().min(16),
  clock_offset_ms: z.number().finite(),
  tables: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ id: z.string(), created_at: z.string(), updated_at: z.string() })),
  ),
});

export function emptyState(secret: string, clockOffsetMs = 0): State {
  return { version: STATE_VERSION, secret, clock_offset_ms: clockOffsetMs, tables: {} };
}

/**
 * The check of StateSchema without its copy of every record (zod answers new objects): on a
 * 100k-record file the copy doubled the memory at start-up and took a third of its time.
 * Undefined when the document does not pass; StateSchema then tells why.
 */
export function asState(json: unknown): State | undefined {
  if (!isObject(json)) return undefined;
  const { version, secret, clock_offset_ms, tables } = json;
  if (version !== STATE_VERSION || typeof secret !== 'string' || secret.length < 16) return undefined;
  if (typeof clock_offset_ms !== 'number' || !Number.isFinite(clock_offset_ms) || !isObject(tables)) {
    return undefined;
  }
  for (const name in tables) {
    const rows = tables[name];
    if (!isObject(rows)) return undefined;
    for (const id in rows) {
      const row = rows[id];
      if (!isObject(row)) return undefined;
      if (typeof row.id !== 'string' || typeof row.created_at !== 'string') return undefined;
      if (typeof row.updated_at !== 'string') return undefined;
    }
  }
  return { version, secret, clock_offset_ms, tables: tables as State['tables'] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
