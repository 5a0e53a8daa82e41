import type { z } from 'zod';
import type { RequestTarget } from './request-target';
import { parseOr400 } from './validation';

/** Query strings remembered per schema; clients repeat a handful (`?per_page=20`). */
const REMEMBERED_PER_SCHEMA = 1_000;

type Query = Record<string, unknown>;

/**
 * Parses a request's query with its endpoint's schema (400 VALIDATION_ERROR on a bad one). A
 * query schema is a pure function of the query string, so a string seen before answers its
 * earlier result without a zod parse: a copy, so a handler can change it. Only results of plain
 * values are kept (a list would be shared between the copies).
 */
export class QueryParser {
  readonly #parsed = new WeakMap<z.ZodType, Map<string, Query>>();

  parse(schema: z.ZodType, target: RequestTarget): Query {
    let known = this.#parsed.get(schema);
    const remembered = known?.get(target.search);
    if (remembered) return { ...remembered };
    const query = parseOr400(schema, queryObject(target.searchParams), 'query') as Query;
    if (!isFlat(query)) return query;
    if (!known) {
      known = new Map();
      this.#parsed.set(schema, known);
    }
    if (known.size >= REMEMBERED_PER_SCHEMA) known.delete(known.keys().next().value!);
    known.set(target.search, query);
    return { ...query };
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
