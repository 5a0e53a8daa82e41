import { BadRequestError, ConflictError, NotFoundError } from '@nimbus/sdk';
import { describe, expect } from 'vitest';
import { it, rejection } from '../support';

// Bucket names are global, so every test takes its own.
let counter = 0;
const uniqueName = (stem = 'bucket') => `${stem}-${Date.now().toString(36)}-${++counter}`;

describe('buckets', () => {
  it('creates a bucket with the documented defaults and lists it', async ({ alice }) => {
    const name = uniqueName();
    const bucket = await alice.client.buckets.create({ name, region: 'hn' });
    expect(bucket).toMatchObject({
      name,
      region: 'hn',
      storage_class: 'STANDARD',
      versioning: false,
      size_bytes: 0,
      object_count: 0,
      project_id: alice.project.id,
    });
    const page = await alice.client.buckets.list({ per_page: 100 });
    expect(page.data.map((b) => b.name)).toContain(name);
  });

  it('keeps storage_class and versioning when given', async ({ alice }) => {
    const bucket = await alice.client.buckets.create({
      name: uniqueName(),
      region: 'hcm',
      storage_class: 'COLDLINE',
      versioning: true,
    });
    expect(bucket).toMatchObject({ storage_class: 'COLDLINE', versioning: true });
  });

  it.for([
    ['ab', 'too short'],
    ['a'.repeat(64), 'too long'],
    ['My-Bucket', 'uppercase'],
    ['bucket_name', 'underscore'],
    ['-bucket', 'leading hyphen'],
    ['bucket.', 'trailing dot'],
    ['my..bucket', 'two adjacent dots'],
    ['192.168.5.4', 'an IP address'],
  ] as const)('refuses the name %j (%s) with 400 naming body.name', async ([name], { alice }) => {
    const error = await rejection(alice.client.buckets.create({ name, region: 'hn' }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details!.map((d) => d.path)).toContain('body.name');
  });

  it('accepts names with dots, hyphens and digits', async ({ alice }) => {
    const name = `${uniqueName('a1')}.logs-2024`;
    await expect(alice.client.buckets.create({ name, region: 'hn' })).resolves.toMatchObject({ name });
  });

  it('requires a region and a known storage class', async ({ alice }) => {
    const missing = await rejection(alice.client.buckets.create({ name: uniqueName() } as never));
    expect(missing.details!.map((d) => d.path)).toContain('body.region');
    const wrong = await rejection(
      alice.client.buckets.create({ name: uniqueName(), region: 'hn', storage_class: 'ARCHIVE' as never }),
    );
    expect(wrong.code).toBe('VALIDATION_ERROR');
    expect(wrong.details!.map((d) => d.path)).toContain('body.storage_class');
  });

  it('keeps names unique across projects: 409 CONFLICT for another tenant', async ({ alice, bob }) => {
    const name = uniqueName('shared');
    await alice.client.buckets.create({ name, region: 'hn' });
    const sameTenant = await rejection(alice.client.buckets.create({ name, region: 'hcm' }));
    expect(sameTenant).toBeInstanceOf(ConflictError);
    const otherTenant = await rejection(bob.client.buckets.create({ name, region: 'hn' }));
    expect(otherTenant).toBeInstanceOf(ConflictError);
    expect(otherTenant.code).toBe('CONFLICT');
    const bobs = await bob.client.buckets.list({ per_page: 100 });
    expect(bobs.data.map((b) => b.name)).not.toContain(name);
  });

  it('GET /__mock/bucket-names/{name} tells whether a name is free in any project, and nothing more; the name frees on delete', async ({
    alice,
    bob,
  }) => {
    const name = uniqueName('check');
    expect(await bob.client.mock.bucketNames.retrieve(name)).toEqual({ name, available: true });
    await alice.client.buckets.create({ name, region: 'hn' });
    const [forBob, forAlice] = await Promise.all([
      bob.client.mock.bucketNames.retrieve(name),
      alice.client.mock.bucketNames.retrieve(name),
    ]);
    expect(forBob).toEqual({ name, available: false });
    expect(forAlice).toEqual({ name, available: false });
    await alice.client.buckets.delete(name);
    expect(await bob.client.mock.bucketNames.retrieve(name)).toEqual({ name, available: true });
  });

  it('frees the name on delete: 204, then the name can be taken again', async ({ alice, bob }) => {
    const name = uniqueName('reuse');
    await alice.client.buckets.create({ name, region: 'hn' });
    const response = (await alice.client.buckets.delete(name).withResponse()).response;
    expect(response.status).toBe(204);
    const list = await alice.client.buckets.list({ per_page: 100 });
    expect(list.data.map((b) => b.name)).not.toContain(name);
    await expect(bob.client.buckets.create({ name, region: 'hn' })).resolves.toMatchObject({ name });
  });

  it("answers 404 when deleting an unknown name or another project's bucket, and keeps it", async ({
    alice,
    bob,
  }) => {
    const unknown = await rejection(alice.client.buckets.delete(uniqueName('ghost')));
    expect(unknown).toBeInstanceOf(NotFoundError);
    const name = uniqueName('bobs');
    await bob.client.buckets.create({ name, region: 'hn' });
    const foreign = await rejection(alice.client.buckets.delete(name));
    expect(foreign).toBeInstanceOf(NotFoundError);
    const bobs = await bob.client.buckets.list({ per_page: 100 });
    expect(bobs.data.map((b) => b.name)).toContain(name);
  });

  it('pages and filters the list', async ({ tenant }) => {
    for (const storage_class of ['STANDARD', 'NEARLINE', 'NEARLINE'] as const) {
      await tenant.client.buckets.create({ name: uniqueName('page'), region: 'hn', storage_class });
    }
    const first = await tenant.client.buckets.list({ per_page: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.total).toBe(3);
    const second = await tenant.client.buckets.list({ per_page: 2, page: 2 });
    expect(second.data).toHaveLength(1);
    const nearline = await tenant.client.buckets.list({ storage_class: 'NEARLINE' });
    expect(nearline.total).toBe(2);
  });

  it('enforces the buckets quota with 403 QUOTA_EXCEEDED', async ({ mock, tenant }) => {
    await mock.client.mock.quotas.update(tenant.project.id, { limits: { buckets: 1 } });
    await tenant.client.buckets.create({ name: uniqueName('quota'), region: 'hn' });
    const error = await rejection(tenant.client.buckets.create({ name: uniqueName('quota'), region: 'hn' }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('QUOTA_EXCEEDED');
  });
});
