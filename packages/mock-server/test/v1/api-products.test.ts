import { BadRequestError, NotFoundError } from '@nimbus/sdk';
import { v1 } from '@nimbus/sdk/contract';
import { describe, expect } from 'vitest';
import { sha256 } from '../../src/core/services/secrets';
import { it, paths, rejection } from '../support';

describe('API products', () => {
  it('creates a product with version v1 and an empty description by default', async ({ alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'weather' });
    expect(product).toMatchObject({
      name: 'weather',
      version: 'v1',
      description: '',
      project_id: alice.project.id,
    });
    await expect(alice.client.apiProducts.retrieve(product.id)).resolves.toEqual(product);
  });

  it('keeps a given version and description, and refuses bad ones', async ({ alice }) => {
    const product = await alice.client.apiProducts.create({
      name: 'maps',
      version: '2024-06-01',
      description: 'Tiles',
    });
    expect(product).toMatchObject({ version: '2024-06-01', description: 'Tiles' });
    const bad = await rejection(alice.client.apiProducts.create({ name: 'maps', version: 'v 2' }));
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(paths(bad)).toContain('body.version');
    const missing = await rejection(alice.client.apiProducts.create({} as never));
    expect(paths(missing)).toContain('body.name');
  });

  it("answers 404 for another project's product on every route", async ({ alice, bob }) => {
    const product = await bob.client.apiProducts.create({ name: 'bobs' });
    for (const call of [
      () => alice.client.apiProducts.retrieve(product.id),
      () => alice.client.apiProducts.delete(product.id),
      () => alice.client.apiProducts.subscriptions.list(product.id),
      () => alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'sneaky' }),
    ]) {
      expect(await rejection(call())).toBeInstanceOf(NotFoundError);
    }
    await expect(bob.client.apiProducts.subscriptions.list(product.id)).resolves.toMatchObject({ total: 0 });
  });

  it('pages and filters the list', async ({ mock, tenant }) => {
    await tenant.client.apiProducts.create({ name: 'a' });
    await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    await tenant.client.apiProducts.create({ name: 'a', version: 'v2' });
    await mock.clock.advance(1);
    await tenant.client.apiProducts.create({ name: 'b' });
    const page = await tenant.client.apiProducts.list({ per_page: 2, page: 2 });
    expect(page.total).toBe(3);
    expect(page.data.map((p) => p.name)).toEqual(['b']);
    const v2 = await tenant.client.apiProducts.list({ name: 'a', version: 'v2' });
    expect(v2.total).toBe(1);
  });

  it('deletes a product with 204 together with its subscriptions', async ({ mock, alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'doomed' });
    const other = await alice.client.apiProducts.create({ name: 'kept' });
    await alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'one' });
    const kept = await alice.client.apiProducts.subscriptions.create(other.id, { app_name: 'two' });
    const { response } = await alice.client.apiProducts.delete(product.id).withResponse();
    expect(response.status).toBe(204);
    expect(await rejection(alice.client.apiProducts.retrieve(product.id))).toBeInstanceOf(NotFoundError);
    const rows = Object.values(mock.server.store.state.tables.api_subscriptions ?? {});
    expect(rows.some((s) => s.product_id === product.id)).toBe(false);
    expect(rows.some((s) => s.id === kept.id)).toBe(true);
  });
});

describe('API subscriptions', () => {
  it('answers the generated key once, then only its prefix', async ({ alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'keys' });
    const created = await alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'mobile' });
    expect(created).toMatchObject({ product_id: product.id, app_name: 'mobile', quota: 10_000 });
    expect(created.api_key).toMatch(/^nk_sub_[A-Za-z0-9_-]{43}$/);
    expect(created.key_prefix).toBe(created.api_key.slice(0, 12));

    const listed = await alice.client.apiProducts.subscriptions.list(product.id);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: created.id, key_prefix: created.key_prefix });
    expect(listed.data[0]).not.toHaveProperty('api_key');
    expect(JSON.stringify(listed.data)).not.toContain(created.api_key);
  });

  it('stores only the sha256 of the key', async ({ mock, alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'hashed' });
    const created = await alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'web' });
    const state = JSON.stringify(mock.server.store.state);
    expect(state).not.toContain(created.api_key);
    expect(mock.server.store.state.tables.api_subscriptions?.[created.id]).toMatchObject({
      key_hash: sha256(created.api_key),
    });
  });

  it('does not even declare api_key in the list schema', () => {
    expect(Object.keys(v1.apiProducts.subscriptions.list.response.shape)).not.toContain('api_key');
    expect(Object.keys(v1.apiProducts.subscriptions.create.response.shape)).toContain('api_key');
  });

  it('gives every subscription its own key', async ({ mock, alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'many' });
    const a = await alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'a', quota: 5 });
    await mock.clock.advance(1); // distinct creation times: ties would fall back to random ids
    const b = await alice.client.apiProducts.subscriptions.create(product.id, { app_name: 'b' });
    expect(a.api_key).not.toBe(b.api_key);
    expect(a.quota).toBe(5);
    const page = await alice.client.apiProducts.subscriptions.list(product.id, { per_page: 1, page: 2 });
    expect(page.total).toBe(2);
    expect(page.data.map((s) => s.app_name)).toEqual(['b']);
  });

  it.for([
    [{ app_name: '' }, 'body.app_name'],
    [{ quota: 10 }, 'body.app_name'],
    [{ app_name: 'x', quota: 0 }, 'body.quota'],
    [{ app_name: 'x', quota: 100_000_001 }, 'body.quota'],
    [{ app_name: 'x', quota: 1.5 }, 'body.quota'],
  ] as const)('refuses %j with 400 naming %s', async ([body, path], { alice }) => {
    const product = await alice.client.apiProducts.create({ name: 'validation' });
    const error = await rejection(alice.client.apiProducts.subscriptions.create(product.id, body as never));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(paths(error)).toContain(path);
  });
});
