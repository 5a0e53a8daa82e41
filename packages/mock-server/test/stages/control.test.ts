import { describe, expect, it } from 'vitest';
import { authorizeControl } from '../../src/core/pipeline/stages/control';

const request = (headers: Record<string, string>) => ({
  method: 'GET',
  url: 'http://localhost/__mock/clock',
  headers: new Headers(headers),
});

describe('control stage', () => {
  it('without a token: programs and loopback or same-origin pages pass, other pages get 403', () => {
    expect(() => authorizeControl({}, request({}), 'absent')).not.toThrow();
    expect(() =>
      authorizeControl({}, request({ origin: 'http://localhost:5173' }), 'loopback'),
    ).not.toThrow();
    expect(() => authorizeControl({}, request({ origin: 'http://x' }), 'same-origin')).not.toThrow();
    for (const standing of ['listed', 'foreign'] as const) {
      expect(() => authorizeControl({}, request({ origin: 'https://app.test' }), standing)).toThrow(
        expect.objectContaining({
          status: 403,
          details: expect.objectContaining({ reason: 'control_origin_not_allowed' }),
        }),
      );
    }
  });

  it('with a token: only the exact bearer token passes, whatever the origin', () => {
    const config = { controlToken: 'secret-1' };
    expect(() =>
      authorizeControl(config, request({ authorization: 'Bearer secret-1' }), 'foreign'),
    ).not.toThrow();
    for (const sent of ['Bearer secret-2', 'Bearer secret-1x', 'secret-1', '']) {
      expect(() => authorizeControl(config, request({ authorization: sent }), 'loopback')).toThrow(
        expect.objectContaining({ status: 401 }),
      );
    }
  });
});
