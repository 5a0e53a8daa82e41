import { operations } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractAccepts, inputArbitrary, validHints } from './support/fuzz-inputs';
import { arbitraryOf, queryArbitraryOf } from './support/zod-arbitrary';

/**
 * The zod -> fast-check converter the fuzz suites stand on: every schema kind the contract uses
 * generates values the schema accepts, and every route of the contract gets inputs its own
 * schemas accept (so the fuzzers reach the handlers, not only the validator).
 */

const kinds: [string, z.ZodType][] = [
  ['string with bounds', z.string().min(3).max(9)],
  ['trimmed, lower-cased string', z.string().trim().toLowerCase().min(1).max(20)],
  ['regex', z.string().regex(/^[a-z][a-z0-9-]{0,31}$/)],
  [
    'two regexes and bounds',
    z
      .string()
      .min(3)
      .max(63)
      .regex(/^[a-z0-9.-]*$/)
      .regex(/^[a-z0-9](?:.*[a-z0-9])?$/),
  ],
  ['uuid', z.uuid()],
  ['email', z.email()],
  ['datetime', z.iso.datetime({ precision: 3 })],
  ['date', z.iso.date()],
  ['ipv4', z.ipv4()],
  ['ipv6', z.ipv6()],
  ['cidrv4', z.cidrv4()],
  ['int with bounds', z.number().int().min(-5).max(5)],
  ['exclusive bounds', z.number().gt(0).lt(1)],
  ['multiple of', z.number().int().min(0).max(1000).multipleOf(64)],
  ['positive float', z.number().positive().max(1e15)],
  ['boolean', z.boolean()],
  ['enum', z.enum(['a', 'b', 'c'])],
  ['literal', z.literal('fixed')],
  ['array with bounds', z.array(z.uuid()).min(1).max(3)],
  ['record of strings', z.record(z.string().regex(/^[A-Z_]{1,8}$/), z.string().max(5))],
  ['record over an enum', z.record(z.enum(['x', 'y']), z.number().int())],
  [
    'optional, default, nullable',
    z.object({ a: z.string().optional(), b: z.number().default(3), c: z.boolean().nullable() }),
  ],
  ['union', z.union([z.literal('on'), z.number().int().min(1).max(3)])],
  [
    'discriminated union',
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('A'), values: z.array(z.ipv4()).min(1) }),
      z.object({ type: z.literal('TXT'), values: z.array(z.string().min(1).max(20)).min(1) }),
    ]),
  ],
  [
    'transform in a pipe',
    z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().max(999)),
  ],
  ['preprocess', z.preprocess((v) => v, z.enum(['x']))],
  ['coerced number', z.coerce.number().int().min(1).max(100)],
  ['strict object', z.strictObject({ name: z.string().min(1), size: z.number().int().min(1).max(3) })],
];

describe('zod -> fast-check', () => {
  it.each(kinds)('%s: every generated value is accepted', (_kind, schema) => {
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('generates queries as a URL carries them: strings only', () => {
    const query = z.object({
      page: z.coerce.number().int().min(1).max(9),
      on: z.enum(['true', 'false']).optional(),
    });
    fc.assert(
      fc.property(queryArbitraryOf(query), (value) => {
        expect(Object.values(value).every((v) => typeof v === 'string')).toBe(true);
        expect(query.safeParse(value).success).toBe(true);
      }),
    );
  });

  it('gives every route of the contract inputs its own schemas accept', () => {
    const hints = validHints(new Map(), {
      projectId: crypto.randomUUID(),
      userId: crypto.randomUUID(),
      email: 'someone@example.com',
      password: 'correct-horse-battery',
    });
    const starved = operations().filter((op) => {
      const samples = fc.sample(inputArbitrary(op, new Map(), hints), { numRuns: 40, seed: 5 });
      return !samples.some((input) => contractAccepts(op, input));
    });
    expect(starved.map((op) => op.id)).toEqual([]);
  });
});
