import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../src/core/services/bounded-cache';
import { RateLimiter } from '../src/core/services/rate-limit';

// What the server keeps per input (query strings, idempotency keys, tokens, policy rules) lives
// in a BoundedCache: these pin its caps, the README's "Limits" table states them.
describe('BoundedCache', () => {
  const cache = () =>
    new BoundedCache<string>({
      maxEntries: 3,
      maxBytes: 100,
      bytesOf: (key, value) => key.length + value.length,
    });

  it('forgets the oldest entries past its entry cap', () => {
    const kept = cache();
    for (const key of ['a', 'b', 'c', 'd']) kept.set(key, 'x');
    expect(kept.size).toBe(3);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('d')).toBe('x');
  });

  it('forgets the oldest entries past its byte cap, and keeps no entry over it alone', () => {
    const kept = cache();
    kept.set('a', 'x'.repeat(39));
    kept.set('b', 'x'.repeat(39));
    kept.set('c', 'x'.repeat(39));
    expect(kept.bytes).toBe(80);
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('c')).toBeDefined();
    kept.set('huge', 'x'.repeat(200));
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.size).toBe(2);
  });

  it('measures an entry again when it is set again', () => {
    const kept = cache();
    kept.set('a', 'x');
    kept.set('a', 'x'.repeat(9));
    expect(kept.bytes).toBe(10);
    kept.delete('a');
    expect(kept.bytes).toBe(0);
  });
});

describe('RateLimiter', () => {
  it('counts callers past its cap together, so distinct headers neither grow it nor escape the limit', () => {
    const limiter = new RateLimiter(5);
    // 8 KB callers: the byte cap (4 MiB) is reached after about 250 of them.
    const callers = Array.from({ length: 1_000 }, (_, i) => `Bearer ${String(i).padStart(8_192, '0')}`);
    const waits = callers.map((caller) => limiter.hit(caller, 1_000));
    expect(waits.slice(0, 200).every((wait) => wait === 0)).toBe(true);
    expect(waits.filter((wait) => wait > 0).length).toBeGreaterThan(700);
    // A caller seen before the cap keeps its own count.
    expect(limiter.hit(callers[0]!, 1_000)).toBe(0);
  });
});
