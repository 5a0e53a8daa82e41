import { describe, expect, vi } from 'vitest';
import { seedTenant } from '../src/entries/testing';
import { it } from './support';

// The clients of startMockServer send over node:http, and still through a fetch a test put in
// place, as any SDK client does (the SDK's README: msw's setupServer, nock, a stub).
describe('the clients of startMockServer', () => {
  it('send through a stubbed fetch while it is in place, and straight to the server after', async ({
    mock,
  }) => {
    const sent: string[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return original(input, init);
    });
    let client: Awaited<ReturnType<typeof seedTenant>>['client'];
    try {
      ({ client } = await seedTenant(mock));
      await client.instances.list();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(sent).toEqual([
      'POST /api/v1/auth/register',
      'POST /api/v1/auth/login',
      'POST /api/v1/projects',
      'GET /api/v1/instances',
    ]);
    await expect(client.instances.list()).resolves.toMatchObject({ data: [] });
    expect(sent).toHaveLength(4);
  });
});
