import { BadRequestError } from '@nimbus/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unknownFields } from '../src/core/pipeline/stages/unknown-fields';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../src/entries/testing';
import { rejection, resetServerEachTest } from './support';

describe('unknownFields (the schema walk)', () => {
  const Disk = z.object({ size_gb: z.number() });
  const Body = z.object({
    name: z.string(),
    disks: z.array(Disk).optional(),
    labels: z.record(z.string(), z.string()).optional(),
    network: z.object({ vpc_id: z.string() }).nullable().default(null),
    extra: z.looseObject({ a: z.number() }).optional(),
  });

  it('names keys that Object.prototype has as unknown, without reading the prototype', () => {
    const body = JSON.parse('{"size_gb":1,"constructor":1,"hasOwnProperty":true,"toString":"x"}');
    expect(unknownFields(Disk, body).sort()).toEqual(['constructor', 'hasOwnProperty', 'toString']);
  });

  it('names undeclared fields at any depth, as dotted paths', () => {
    expect(
      unknownFields(Body, {
        name: 'web',
        flavour: 'large',
        disks: [{ size_gb: 10 }, { size_gb: 20, sise: 3 }],
        network: { vpc_id: 'v', subnet: 's' },
      }),
    ).toEqual(['flavour', 'disks.1.sise', 'network.subnet']);
  });

  it('takes record keys, loose objects and nulls as declared', () => {
    expect(
      unknownFields(Body, { name: 'web', labels: { anything: 'x' }, extra: { a: 1, b: 2 }, network: null }),
    ).toEqual([]);
  });

  it('reads a union by the option the value passes with the fewest unknown fields', () => {
    const Target = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('url'), url: z.string() }),
      z.object({ kind: z.literal('queue'), queue: z.string() }),
    ]);
    expect(unknownFields(Target, { kind: 'queue', queue: 'q', url: 'x' })).toEqual(['url']);
    expect(
      unknownFields(z.object({ a: z.number() }).and(z.object({ b: z.number() })), { a: 1, b: 2, c: 3 }),
    ).toEqual(['c']);
  });

  it('encodes names a header cannot carry', () => {
    expect(unknownFields(z.object({}), { 'flavör, x': 1 })).toEqual(['flav%C3%B6r%2C%20x']);
  });
});

describe('unknown fields over HTTP', () => {
  let mock: MockServer;
  let tenant: SeededTenant;
  resetServerEachTest((server, seeded) => {
    mock = server;
    tenant = seeded;
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/v1/instances`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tenant.accessToken}`,
        'x-project-id': tenant.project.id,
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it('answers a typo with a Nimbus-Warning header naming it, and journals it', async () => {
    const response = await post(mock.url, { name: 'web', flavor: 'small', flavour: 'large', region: 'hn' });
    expect(response.status).toBe(201);
    expect(response.headers.get('nimbus-warning')).toBe('unknown fields: flavour');
    expect(mock.requests.find({ method: 'POST', path: '/api/v1/instances' })!.unknown_fields).toEqual([
      'flavour',
    ]);
  });

  it('sends no header when every field is declared', async () => {
    const response = await post(mock.url, { name: 'web', flavor: 'small', region: 'hn' });
    expect(response.status).toBe(201);
    expect(response.headers.has('nimbus-warning')).toBe(false);
    expect(mock.requests.find({ method: 'POST' })!.unknown_fields).toEqual([]);
  });

  it('exposes the header to pages through CORS', async () => {
    const response = await post(
      mock.url,
      { name: 'web', flavor: 'small', flavour: 'x', region: 'hn' },
      {
        origin: 'http://localhost:5173',
      },
    );
    expect(response.headers.get('access-control-expose-headers')).toContain('Nimbus-Warning');
  });

  it('refuses them with 400 VALIDATION_ERROR on a strict server, naming each path, and creates nothing', async () => {
    const strict = await startMockServer({ strict: true });
    try {
      tenant = await seedTenant(strict);
      const response = await post(strict.url, {
        name: 'web',
        flavor: 'small',
        flavour: 'large',
        region: 'hn',
        disks: [{ size_gb: 20, sise: 1 }],
      });
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
      expect(body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.flavour', 'body.disks']);
      expect(await tenant.client.instances.list()).toMatchObject({ total: 0 });
      const error = await rejection(
        tenant.client.instances.create({
          name: 'web',
          flavor: 'small',
          region: 'hn',
          colour: 'red',
        } as never),
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error.details).toEqual([{ path: 'body.colour', message: 'is not a field of this request' }]);
    } finally {
      await strict.close();
    }
  });
});
