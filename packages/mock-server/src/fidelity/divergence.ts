/** What a divergence is about (docs/decisions/0021-mock-proxy.md). */
export type DivergenceCheck =
  | 'status'
  | 'envelope'
  | 'schema'
  | 'error-code'
  | 'header'
  | 'pagination'
  | 'unknown-route';

/**
 * One way an answer differs from what the contract promises. `operation` is the contract id
 * (`v1.instances.create`), or `METHOD /path` for a request that calls no contract route; `path`
 * is a JSON path into the body (`$.data.name`) or a header name (`retry-after`).
 */
export interface Divergence {
  operation: string;
  check: DivergenceCheck;
  path: string;
  expected: string;
  actual: string;
  /** The answer's `X-Request-Id`, or null when it carried none. */
  request_id: string | null;
}

/** A divergence before the operation and request id are known: what each check returns. */
export type Finding = Omit<Divergence, 'operation' | 'request_id'>;

/** A value as a divergence shows it: JSON, cut short. */
export function shown(value: unknown): string {
  if (value === undefined) return 'absent';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
