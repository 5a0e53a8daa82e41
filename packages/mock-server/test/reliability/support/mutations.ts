import type { Operation } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { paramNames, type RouteInput } from './routes';

/** A value of each JSON type, to put where another type belongs. */
const ANY_JSON_TYPE: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);

/** Strings that broke parsers, routers and templates somewhere before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: 1',
  '\u202egnp.exe',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(40),
  'e\u0301'.repeat(50),
  'ｆｕｌｌｗｉｄｔｈ',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${process.exit(1)}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'x'.repeat(10_000),
];

/** Path parameter values that are not ids. */
export const BAD_PATH_VALUES: readonly string[] = [
  'not-a-uuid',
  '123',
  '..',
  '.',
  '%2e%2e',
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '7a9e3b7c-1f0e-4c1b-9b0a-3c7e6f2d1a0g',
  '7A9E3B7C-1F0E-4C1B-9B0A-3C7E6F2D1A0B',
  ' 7a9e3b7c-1f0e-4c1b-9b0a-3c7e6f2d1a0b',
  'x'.repeat(5000),
  '\u0000',
  '😀',
  '__proto__',
  'constructor',
];

/** Query values a list must refuse or ignore: out of range, not numbers, huge. */
export const BAD_QUERY_VALUES: readonly string[] = [
  '0',
  '-1',
  '1.5',
  'abc',
  '1e309',
  '9'.repeat(400),
  '',
  ' ',
  'NaN',
  'Infinity',
  'true',
  '[]',
  '{}',
  '\u0000',
  'x'.repeat(3000),
];

/** Broken JSON texts. */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":',
  "{'name': 'x'}",
  '{"name": "x",}',
  '[1,]',
  'NaN',
  'undefined',
  '{"name": "x"} trailing',
  '{"name": "\\u12"}',
  '{"name": "\u0000"',
  '{name: 1}',
  '"unterminated',
  '\u0000',
];

/** Content types that are not JSON. */
export const NON_JSON_TYPES: readonly (string | null)[] = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
  'json',
  '',
];

/** A JSON text with prototype-polluting keys at the top and one level down. */
export function pollutingJson(base: unknown): string {
  const fields =
    base && typeof base === 'object' && !Array.isArray(base)
      ? JSON.stringify(base).slice(1, -1)
      : '"value":1';
  const nested = Object.keys((base as Record<string, unknown>) ?? {})
    .map((key) => `"${key}":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}`)
    .join(',');
  const top =
    '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}';
  return `{${[fields, top, nested].filter(Boolean).join(',')}}`;
}

/** `depth` nested arrays: `[[[...]]]`, in a JSON text. */
export function deepArrays(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** `depth` nested objects: `{"a":{"a":...}}`, in a JSON text. */
export function deepObjects(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/**
 * One invalid variation of a valid input: a field of the wrong type, a required field left
 * out, a body of the wrong shape, a broken path parameter or query value. Variations the
 * contract would still accept are kept too: the test then expects what a valid input gets.
 */
export function mutate(op: Operation, valid: fc.Arbitrary<RouteInput>): fc.Arbitrary<RouteInput> {
  const e = op.endpoint;
  const kinds: fc.Arbitrary<RouteInput>[] = [];
  if (e.body) {
    kinds.push(
      fc.tuple(valid, fc.nat(), ANY_JSON_TYPE).map(([input, i, value]) => {
        const body = { ...(input.body as Record<string, unknown>) };
        const keys = Object.keys(body);
        if (keys.length > 0) body[keys[i % keys.length]!] = value;
        else body.unexpected = value;
        return { ...input, body };
      }),
      fc.tuple(valid, fc.nat()).map(([input, i]) => {
        const body = { ...(input.body as Record<string, unknown>) };
        const keys = Object.keys(body);
        if (keys.length > 0) delete body[keys[i % keys.length]!];
        return { ...input, body };
      }),
      fc
        .tuple(valid, fc.constantFrom<unknown>([], 'text', 42, true, null, [{}]))
        .map(([input, body]) => ({ ...input, body })),
      fc
        .tuple(valid, fc.constantFrom(...MALFORMED_JSON))
        .map(([input, rawBody]) => ({ ...input, body: undefined, rawBody })),
      fc
        .tuple(valid, fc.constantFrom(...NON_JSON_TYPES))
        .map(([input, contentType]) => ({ ...input, body: input.body ?? {}, contentType })),
      fc.tuple(valid, fc.nat(), fc.constantFrom(...NASTY_STRINGS)).map(([input, i, text]) => {
        const body = { ...(input.body as Record<string, unknown>) };
        const keys = Object.keys(body).filter((k) => typeof body[k] === 'string');
        if (keys.length > 0) body[keys[i % keys.length]!] = text;
        else body[text] = text;
        return { ...input, body };
      }),
    );
  }
  const names = paramNames(e);
  if (names.length > 0) {
    kinds.push(
      fc
        .tuple(valid, fc.constantFrom(...names), fc.constantFrom(...BAD_PATH_VALUES))
        .filter(([, , value]) => value !== '')
        .map(([input, name, value]) => ({ ...input, params: { ...input.params, [name]: value } })),
    );
  }
  const queryKeys = Object.keys((e.query?.shape ?? {}) as object);
  if (queryKeys.length > 0) {
    kinds.push(
      fc
        .tuple(valid, fc.constantFrom(...queryKeys, 'unknown_key'), fc.constantFrom(...BAD_QUERY_VALUES))
        .map(([input, key, value]) => ({ ...input, query: { ...input.query, [key]: value } })),
    );
  }
  return kinds.length > 0 ? fc.oneof(...kinds) : valid;
}
