import { BadRequestError, ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { seedTenant, startMockServer } from '../../src/entries/testing';
import { it, paths, rejection } from '../support';

// Endpoint names and custom domains are global, so every test takes its own.
let counter = 0;
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${++counter}`;

describe('CDN profiles', () => {
  it('creates a profile with sku Standard by default and reads it back', async ({ alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'web' });
    expect(profile).toMatchObject({ name: 'web', sku: 'Standard', project_id: alice.project.id });
    await expect(alice.client.cdnProfiles.retrieve(profile.id)).resolves.toEqual(profile);
  });

  it('refuses a missing name and an unknown sku with 400', async ({ alice }) => {
    const missing = await rejection(alice.client.cdnProfiles.create({} as never));
    expect(missing).toBeInstanceOf(BadRequestError);
    expect(paths(missing)).toContain('body.name');
    const sku = await rejection(alice.client.cdnProfiles.create({ name: 'x', sku: 'Gold' as never }));
    expect(paths(sku)).toContain('body.sku');
  });

  it("answers 404 for another project's profile", async ({ alice, bob }) => {
    const profile = await bob.client.cdnProfiles.create({ name: 'bobs', sku: 'Premium' });
    expect(await rejection(alice.client.cdnProfiles.retrieve(profile.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(alice.client.cdnProfiles.delete(profile.id))).toBeInstanceOf(NotFoundError);
    expect(await rejection(alice.client.cdnProfiles.endpoints.list(profile.id))).toBeInstanceOf(
      NotFoundError,
    );
    const create = alice.client.cdnProfiles.endpoints.create(profile.id, {
      name: unique('x'),
      origin_host: 'a.example.com',
    });
    expect(await rejection(create)).toBeInstanceOf(NotFoundError);
    await expect(bob.client.cdnProfiles.retrieve(profile.id)).resolves.toMatchObject({ sku: 'Premium' });
  });

  it('pages and filters the list', async ({ tenant }) => {
    await tenant.client.cdnProfiles.create({ name: 'one' });
    await tenant.client.cdnProfiles.create({ name: 'two', sku: 'Premium' });
    await tenant.client.cdnProfiles.create({ name: 'three' });
    const page = await tenant.client.cdnProfiles.list({ per_page: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 2 });
    expect(page.data.map((p) => p.name)).toEqual(['three']);
    const premium = await tenant.client.cdnProfiles.list({ sku: 'Premium' });
    expect(premium.data.map((p) => p.name)).toEqual(['two']);
  });

  it('deletes a profile with 204 together with its endpoints', async ({ mock, alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'doomed' });
    const kept = await alice.client.cdnProfiles.create({ name: 'kept' });
    const names = [unique('gone'), unique('gone')];
    for (const name of names) {
      await alice.client.cdnProfiles.endpoints.create(profile.id, {
        name,
        origin_host: 'origin.example.com',
      });
    }
    const survivor = await alice.client.cdnProfiles.endpoints.create(kept.id, {
      name: unique('kept'),
      origin_host: 'origin.example.com',
    });
    const { response } = await alice.client.cdnProfiles.delete(profile.id).withResponse();
    expect(response.status).toBe(204);
    expect(await rejection(alice.client.cdnProfiles.retrieve(profile.id))).toBeInstanceOf(NotFoundError);
    const rows = Object.values(mock.server.store.state.tables.cdn_endpoints ?? {});
    expect(rows.some((e) => e.profile_id === profile.id)).toBe(false);
    expect(rows.some((e) => e.id === survivor.id)).toBe(true);
    // Their global names are free again.
    await expect(
      alice.client.cdnProfiles.endpoints.create(kept.id, {
        name: names[0]!,
        origin_host: 'origin.example.com',
      }),
    ).resolves.toMatchObject({ name: names[0] });
  });
});

describe('CDN endpoints', () => {
  it('creates an endpoint with https_only by default, provisioning then active', async ({ alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'site' });
    const name = unique('img');
    const endpoint = await alice.client.cdnProfiles.endpoints.create(profile.id, {
      name,
      origin_host: 'Origin.Example.com',
    });
    expect(endpoint).toMatchObject({
      profile_id: profile.id,
      name,
      host_name: `${name}.nimbuscdn.net`,
      origin_host: 'origin.example.com',
      custom_domain: null,
      https_only: true,
      status: 'provisioning',
    });
    const listed = await alice.client.cdnProfiles.endpoints.list(profile.id);
    expect(listed.data).toEqual([expect.objectContaining({ id: endpoint.id, status: 'active' })]);
  });

  it.for([
    [{ origin_host: 'https://origin.example.com' }, 'body.origin_host'],
    [{ origin_host: 'origin.example.com:8080' }, 'body.origin_host'],
    [{ origin_host: 'origin.example.com/path' }, 'body.origin_host'],
    [{ origin_host: '-bad.example.com' }, 'body.origin_host'],
    [{ origin_host: '300.1.1.1' }, 'body.origin_host'],
    [{ custom_domain: 'localhost' }, 'body.custom_domain'],
    [{ custom_domain: 'cdn..example.com' }, 'body.custom_domain'],
    [{ name: 'Upper_Case' }, 'body.name'],
    [{ https_only: 'yes' }, 'body.https_only'],
  ] as const)('refuses %j with 400 naming %s', async ([patch, path], { alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'validation' });
    const body = { name: unique('v'), origin_host: 'origin.example.com', ...patch };
    const error = await rejection(alice.client.cdnProfiles.endpoints.create(profile.id, body as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(paths(error)).toContain(path);
  });

  it('accepts an IPv4 origin, a custom domain and https_only false', async ({ alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'ip' });
    const domain = `${unique('cdn')}.Example.com`;
    const endpoint = await alice.client.cdnProfiles.endpoints.create(profile.id, {
      name: unique('ip'),
      origin_host: '203.0.113.10',
      custom_domain: domain,
      https_only: false,
    });
    expect(endpoint).toMatchObject({
      origin_host: '203.0.113.10',
      custom_domain: domain.toLowerCase(),
      https_only: false,
    });
  });

  it('keeps custom domains and endpoint names unique across all projects (409)', async ({ alice, bob }) => {
    const mine = await alice.client.cdnProfiles.create({ name: 'mine' });
    const theirs = await bob.client.cdnProfiles.create({ name: 'theirs' });
    const domain = `${unique('static')}.example.com`;
    const name = unique('taken');
    await alice.client.cdnProfiles.endpoints.create(mine.id, {
      name,
      origin_host: 'o.example.com',
      custom_domain: domain,
    });
    const sameDomain = await rejection(
      bob.client.cdnProfiles.endpoints.create(theirs.id, {
        name: unique('other'),
        origin_host: 'o.example.com',
        custom_domain: domain.toUpperCase(),
      }),
    );
    expect(sameDomain).toBeInstanceOf(ConflictError);
    expect(sameDomain.code).toBe('CONFLICT');
    const sameName = await rejection(
      bob.client.cdnProfiles.endpoints.create(theirs.id, { name, origin_host: 'o.example.com' }),
    );
    expect(sameName).toBeInstanceOf(ConflictError);
  });

  it('pages and filters the endpoints of a profile', async ({ alice }) => {
    const profile = await alice.client.cdnProfiles.create({ name: 'paged' });
    for (let i = 0; i < 3; i++) {
      await alice.client.cdnProfiles.endpoints.create(profile.id, {
        name: unique('p'),
        origin_host: 'o.example.com',
      });
    }
    const page = await alice.client.cdnProfiles.endpoints.list(profile.id, { per_page: 2 });
    expect(page.total).toBe(3);
    expect(page.data).toHaveLength(2);
    const active = await alice.client.cdnProfiles.endpoints.list(profile.id, { status: 'active' });
    expect(active.total).toBe(3);
  });

  it('shows provisioning until the transition delay passes', async () => {
    const slow = await startMockServer({ transitionDelayMs: 60_000 });
    try {
      const tenant = await seedTenant(slow);
      const profile = await tenant.client.cdnProfiles.create({ name: 'slow' });
      await tenant.client.cdnProfiles.endpoints.create(profile.id, {
        name: unique('slow'),
        origin_host: 'o.example.com',
      });
      const before = await tenant.client.cdnProfiles.endpoints.list(profile.id);
      expect(before.data[0]!.status).toBe('provisioning');
      await slow.clock.advance(60);
      const after = await tenant.client.cdnProfiles.endpoints.list(profile.id);
      expect(after.data[0]!.status).toBe('active');
    } finally {
      await slow.close();
    }
  });
});
