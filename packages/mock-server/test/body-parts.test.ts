import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinParts } from '../src/core/pipeline/request';

describe('joinParts', () => {
  it('puts the items, separated by commas, between the head and the tail', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.string({ unit: 'grapheme' })),
        fc.string(),
        (head, items, tail) => {
          expect(joinParts({ head, items, tail })).toBe(`${head}${items.join(',')}${tail}`);
        },
      ),
    );
  });

  it('leaves the items it was given as they were', () => {
    const items = ['{"a":1}', '{"b":2}'];
    joinParts({ head: '[', items, tail: ']' });
    expect(items).toEqual(['{"a":1}', '{"b":2}']);
  });
});
