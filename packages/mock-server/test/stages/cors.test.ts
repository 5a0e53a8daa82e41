import { describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/pipeline/request';
import {
  corsAllowed,
  isPreflight,
  preflightReply,
  withCommonHeaders,
} from '../../src/core/pipeline/stages/cors';

const head = (method: string, headers: Record<string, string> = {}) => ({
  method,
  url: 'http://127.0.0.1:4010/api/v1/instances',
  headers: new Headers(headers),
});

describe('cors stage', () => {
  it('knows a preflight by OPTIONS with Access-Control-Request-Method', () => {
    expect(isPreflight(head('OPTIONS', { 'access-control-request-method': 'POST' }))).toBe(true);
    expect(isPreflight(head('OPTIONS'))).toBe(false);
    expect(isPreflight(head('GET', { 'access-control-request-method': 'POST' }))).toBe(false);
  });

  it('answers a preflight with the headers asked for, or the SDK headers', () => {
    const asked = preflightReply(head('OPTIONS', { 'access-control-request-headers': 'x-custom' }));
    expect(asked.status).toBe(204);
    expect(asked.headers['access-control-allow-headers']).toBe('x-custom');
    expect(preflightReply(head('OPTIONS')).headers['access-control-allow-headers']).toContain('X-Project-ID');
  });

  it('gives CORS to loopback, same-origin and listed pages; on control routes never to a listed one', () => {
    expect(corsAllowed('loopback', 'v1')).toBe(true);
    expect(corsAllowed('same-origin', 'mock')).toBe(true);
    expect(corsAllowed('listed', 'v2')).toBe(true);
    expect(corsAllowed('listed', 'mock')).toBe(false);
    expect(corsAllowed('foreign', 'v1')).toBe(false);
    expect(corsAllowed('absent', 'v1')).toBe(false);
  });

  it('adds the request id and Vary: Origin to every reply, CORS only when allowed', () => {
    const reply: Reply = { status: 200, headers: { vary: 'Accept-Encoding' }, body: null };
    withCommonHeaders(reply, head('GET', { origin: 'http://localhost:5173' }), 'req-1', true);
    expect(reply.headers).toMatchObject({
      'x-request-id': 'req-1',
      vary: 'Accept-Encoding, Origin',
      'access-control-allow-origin': 'http://localhost:5173',
    });
    const refused: Reply = { status: 403, headers: {}, body: null };
    withCommonHeaders(refused, head('GET', { origin: 'https://evil.example' }), 'req-2', false);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers.vary).toBe('Origin');
  });
});
