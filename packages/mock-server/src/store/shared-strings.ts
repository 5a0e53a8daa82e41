/** Longer strings are nearly always unique (descriptions, tokens): not worth a lookup. */
const MAX_LENGTH = 64;
/** Bounds the pool: past this many distinct values it starts over (the copies kept stay valid). */
const MAX_ENTRIES = 20_000;

const pool = new Map<string, string>();

/**
 * One copy of a string that repeats from record to record (a project id, a request path, an
 * operation name): each request parses its own copy, and 100k records kept 100k of them.
 */
export function shared(value: string): string {
  if (value.length > MAX_LENGTH) return value;
  const known = pool.get(value);
  if (known !== undefined) return known;
  if (pool.size >= MAX_ENTRIES) pool.clear();
  pool.set(value, value);
  return value;
}
