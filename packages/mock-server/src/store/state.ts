import { z } from 'zod';

/** A stored record: what every table holds. */
export interface StoredRecord {
  id: string;
  created_at: string;
  updated_at: string;
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
