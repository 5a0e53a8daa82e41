import { describe, expect, it } from 'vitest';
import { limitRate } from '../../src/core/pipeline/stages/rate-limit';
import { RateLimiter } from '../../src/core/services/rate-limit';

const from = (headers: Record<string, string>) => ({
  method: 'GET',
  url: 'http://localhost/',
  headers: new Headers(headers),
});

describe('rate-limit stage', () => {
  it('passes everything when no limit is set', () => {
    for (let i = 0; i < 100; i++) limitRate(undefined, from({}), 0);
  });

  it('counts each credential on its own and answers 429 with Retry-After past the limit', () => {
    const limiter = new RateLimiter(2);
    limitRate(limiter, from({ authorization: 'Bearer a' }), 0);
    limitRate(limiter, from({ authorization: 'Bearer a' }), 0);
    limitRate(limiter, from({ 'x-api-key': 'k' }), 0);
    expect(() => limitRate(limiter, from({ authorization: 'Bearer a' }), 15_000)).toThrow(
      expect.objectContaining({ status: 429, headers: { 'Retry-After': '45' } }),
    );
    // A new minute starts over.
    limitRate(limiter, from({ authorization: 'Bearer a' }), 60_000);
  });
});
