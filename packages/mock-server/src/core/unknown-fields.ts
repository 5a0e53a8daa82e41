import { type Endpoint, ErrorCode } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { HttpError } from './http-error';
import type { Reply, RequestHead } from './request';

/** The response header that names the body fields the contract does not declare. */
export const UNKNOWN_FIELDS_HEADER = 'nimbus-warning';
const PREFIX = 'unknown fields: ';

/**
 * Fields of `value` that `schema` does not declare, at any depth, as dotted paths (`flavour`,
 * `disks.0.sise`). zod strips them silently, so a typo would pass as if never sent. A record or
 * a `catchall` declares any key; a union is read by the option with the fewest unknown fields
 * among those the value passes.
 */
export function unknownFields(schema: z.core.$ZodType, value: unknown): string[] {
  const out: string[] = [];
  walk(schema, value, [], out);
  return out;
}

function walk(schema: z.core.$ZodType, value: unknown, path: string[], out: string[]): void {
  if (value === null || typeof value !== 'object') return;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (Array.isArray(value)) return;
      for (const [key, field] of Object.entries(value)) {
        // Own keys only: a body key such as `constructor` must not find Object.prototype's.
        const child = Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall;
        if (child === undefined || (child as z.core.$ZodTypes)._zod.def.type === 'never')
          out.push(pathOf([...path, key]));
        else walk(child, field, [...path, key], out);
      }
      return;
    }
    case 'array':
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(def.element, item, [...path, String(i)], out);
      }
      return;
    case 'tuple':
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) {
          const child = def.items[i] ?? def.rest;
          if (child) walk(child, item, [...path, String(i)], out);
        }
      }
      return;
    case 'record':
      for (const [key, field] of Object.entries(value)) walk(def.valueType, field, [...path, key], out);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType, value, path, out);
      return;
    case 'pipe':
      walk(def.in, value, path, out);
      return;
    case 'lazy':
      walk(def.getter(), value, path, out);
      return;
    case 'union': {
      let best: string[] | undefined;
      for (const option of def.options) {
        if (!(option as z.ZodType).safeParse(value).success) continue;
        const found: string[] = [];
        walk(option, value, path, found);
        if (!best || found.length < best.length) best = found;
      }
      out.push(...(best ?? []));
      return;
    }
    case 'intersection': {
      // A field either side declares is known: unknown only when both sides call it so.
      const left: string[] = [];
      const right: string[] = [];
      walk(def.left, value, path, left);
      walk(def.right, value, path, right);
      out.push(...left.filter((field) => right.includes(field)));
      return;
    }
  }
}

/** A header-safe path: plain names as they are, others percent-encoded (a header is Latin-1 at most). */
function pathOf(segments: string[]): string {
  return segments
    .map((segment) => (/^[\w$-]+$/.test(segment) ? segment : encodeURIComponent(segment)))
    .join('.');
}

/** Requests whose body carried unknown fields, for the header of their answer, whatever it is. */
const unknownByRequest = new WeakMap<RequestHead, string[]>();

/**
 * Checks a request's body for fields its endpoint does not declare: with `strict`, 400
 * `VALIDATION_ERROR` naming each; otherwise they are noted, for `withUnknownFieldsWarning`.
 */
export function checkUnknownFields(
  request: RequestHead,
  endpoint: Endpoint,
  bodyText: string,
  strict: boolean,
): void {
  if (!endpoint.body || bodyText.trim() === '') return;
  // The parsed body lost what the schema strips: the text is read again, as sent.
  const found = unknownFields(endpoint.body, JSON.parse(bodyText));
  if (found.length === 0) return;
  if (strict) {
    throw new HttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      `Unknown fields: ${found.map((field) => `body.${field}`).join(', ')}`,
      found.map((field) => ({ path: `body.${field}`, message: 'is not a field of this request' })),
      { [UNKNOWN_FIELDS_HEADER]: warningOf(found) },
    );
  }
  unknownByRequest.set(request, found);
}

/** Adds the `Nimbus-Warning` header to the answer of a request that carried unknown fields. */
export function withUnknownFieldsWarning(reply: Reply, request: RequestHead): void {
  const found = unknownByRequest.get(request);
  if (found) reply.headers[UNKNOWN_FIELDS_HEADER] = warningOf(found);
}

function warningOf(fields: readonly string[]): string {
  return `${PREFIX}${fields.join(', ')}`;
}

/** The fields a `Nimbus-Warning` header names (the request journal shows them). */
export function unknownFieldsOfWarning(header: string | undefined): string[] {
  if (!header?.startsWith(PREFIX)) return [];
  return header.slice(PREFIX.length).split(', ').map(decodeURIComponent);
}
