import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KeptRecord, KeptRecords, type NewRecord } from '../src/core/services/kept-records';

// The request journal's storage: records in rings of columns, their tapes in one ring of bytes
// that wraps and grows. Compared with a plain array of the same records over random pushes and
// drops, tapes of every length (multi-byte characters included) meeting the ring's end.
const decoder = new TextDecoder();

const newRecord = fc.record({
  tape: fc.string({
    unit: fc.constantFrom('a', 'é', '€', '😀', '\0'),
    minLength: 1,
    maxLength: 3000,
    size: 'max',
  }),
  at: fc.integer({ min: 0, max: 2 ** 42 }),
  status: fc.constantFrom(200, 201, 404),
  durationMs: fc.double({ min: 0, max: 1000, noNaN: true }),
  body: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  response: fc.oneof(
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 25 }),
    fc.constant(null),
    fc.string(),
  ),
  divergences: fc.constant(undefined),
  size: fc.nat({ max: 10_000 }),
});

// Drops nearly as often as pushes: the count stays low while the tapes go round the ring.
const step = fc.oneof(
  { weight: 100, arbitrary: newRecord.map((record) => ({ push: record as NewRecord })) },
  { weight: 90, arbitrary: fc.constant({ shift: true as const }) },
  { weight: 1, arbitrary: fc.constant({ clear: true as const }) },
);

/** A record with nothing but its tape to tell it apart. */
function plainRecord(tape: string): NewRecord {
  return {
    tape,
    at: 0,
    status: 200,
    durationMs: 1,
    body: null,
    response: null,
    divergences: undefined,
    size: 0,
  };
}

function readBack(records: KeptRecords): (Omit<KeptRecord, 'tape'> & { tape: string })[] {
  return [...records.from(0)].map((record) => ({ ...record, tape: decoder.decode(record.tape) }));
}

describe('KeptRecords', () => {
  it('reads back every kept record as pushed, oldest first, through wraps, growth and drops', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 100, maxLength: 600 }), (steps) => {
        const records = new KeptRecords();
        let model: NewRecord[] = [];
        for (const action of steps) {
          if ('push' in action) {
            records.push(action.push);
            model.push(action.push);
          } else if ('shift' in action) {
            if (model.length === 0) continue;
            expect(records.shift()).toBe(model.shift()!.size);
          } else {
            records.clear();
            model = [];
          }
        }
        expect(records.length).toBe(model.length);
        expect(readBack(records)).toEqual(model);
        for (const [index, record] of model.entries()) {
          expect(decoder.decode(records.tapeAt(index))).toBe(record.tape);
        }
        expect([...records.from(Math.floor(model.length / 2))]).toHaveLength(Math.ceil(model.length / 2));
      }),
      { numRuns: 100 },
    );
  });

  it('wraps into the room the oldest tape left, exactly full included, and grows when a tape fits nowhere', () => {
    const records = new KeptRecords();
    const tapes: string[] = [];
    const push = (tape: string) => {
      records.push(plainRecord(tape));
      tapes.push(tape);
    };
    const shift = () => {
      records.shift();
      tapes.shift();
    };
    const kept = () => [...records.from(0)].map((record) => decoder.decode(record.tape));
    push('-');
    shift();
    const ring = records.tapeBytes;
    const quarter = (c: string) => c.repeat(ring / 4);
    for (const c of 'abcd') push(quarter(c));
    shift();
    // The end is full: the next tape goes to the start, filling the room up to the oldest exactly.
    push(quarter('e'));
    expect(kept()).toEqual(tapes);
    expect(records.tapeBytes).toBe(ring);
    // No room anywhere: the ring grows, the kept tapes moved in order.
    push('f');
    expect(kept()).toEqual(tapes);
    expect(records.tapeBytes).toBeGreaterThan(ring);

    const other = new KeptRecords();
    other.push(plainRecord('-'));
    other.shift();
    for (const c of 'abcd') other.push(plainRecord(quarter(c)));
    other.shift();
    // Longer than the room the oldest left at the start: it grows rather than write over it.
    other.push(plainRecord(`${quarter('e')}e`));
    expect([...other.from(0)].map((record) => decoder.decode(record.tape))).toEqual([
      quarter('b'),
      quarter('c'),
      quarter('d'),
      `${quarter('e')}e`,
    ]);
  });

  it('writes over the bytes of dropped tapes instead of growing when the count stays level', () => {
    const records = new KeptRecords();
    const tape = (i: number) => `${i}:${'x'.repeat(600)}`;
    for (let i = 0; i < 50; i++) records.push(plainRecord(tape(i)));
    for (let i = 50; i < 5_000; i++) {
      records.shift();
      records.push(plainRecord(tape(i)));
    }
    expect([...records.from(0)].map((record) => decoder.decode(record.tape))).toEqual(
      Array.from({ length: 50 }, (_, i) => tape(4_950 + i)),
    );
    // 50 tapes of about 600 bytes live at any time: a ring of 64 KiB holds them, wrapping 45 times.
    expect(records.tapeBytes).toBe(64 * 1024);
  });
});
