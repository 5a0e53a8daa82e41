import type { z } from 'zod';
import { BoundedCache, stringBytes } from '../services/bounded-cache';
import type { RequestTarget } from './request-target';
import { parseOr400 } from './validation';

/**
 * Query strings remembered, over all schemas; clients repeat a handful (`?per_page=20`). A longer
 * string is rare and would push those out: it is parsed every time.
 */
const MAX_REMEMBERED = { entries: 5_000, bytes: 4 * 1024 * 1024, chars: 512 };

type Query = Record<string, unknown>;

/**
 * Parses a request's query with its endpoint's schema (400 VALIDATION_ERROR on a bad one). A
 * query schema is a pure function of the query string, so a string seen before answers its
 * earlier result without a zod parse: a copy, so a handler can change it. Only results of plain
 * values are kept (a list would be shared between the copies).
 */
export class QueryParser {
  readonly #schemaIds = new WeakMap<z.ZodType, number>();
  #nextSchemaId = 0;
  readonly #parsed = new BoundedCache<Query>({
    maxEntries: MAX_REMEMBERED.entries,
    maxBytes: MAX_REMEMBERED.bytes,
    // The key holds the string, the parsed values at most as much again, plus the object.
    bytesOf: (key) => 2 * stringBytes(key) + 128,
  });

  parse(schema: z.ZodType, target: RequestTarget): Query {
    const remembered = target.search.length <= MAX_REMEMBERED.chars;
    // `search` is '' or starts with '?': the id before it cannot run into it.
    const key = remembered ? `${this.#idOf(schema)}${target.search}` : '';
    const known = remembered ? this.#parsed.get(key) : undefined;
    if (known) return { ...known };
    const query = parseOr400(schema, queryObject(target.searchParams), 'query') as Query;
    if (!remembered || !isFlat(query)) return query;
    this.#parsed.set(key, query);
    return { ...query };
  }

  #idOf(schema: z.ZodType): number {
    let id = this.#schemaIds.get(schema);
    if (id === undefined) {
      id = this.#nextSchemaId++;
      this.#schemaIds.set(schema, id);
    }
    return id;
  }
}

/** Query string as an object; a repeated key keeps its last value. */
function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of params) if (key !== 'token') out[key] = value;
  return out;
}

function isFlat(query: Query): boolean {
  for (const key in query) {
    const value = query[key];
    if (value !== null && typeof value === 'object') return false;
  }
  return true;
}
