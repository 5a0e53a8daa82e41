import { describe, expect } from 'vitest';
import { seedTenant } from '../../src/entries/testing';
import { it, rejection } from '../support';

describe('quotas', () => {
  it('shows limit and use per resource, and enforces a lowered limit: 403 QUOTA_EXCEEDED', async ({
    mock,
  }) => {
    const tenant = await seedTenant(mock);
    await tenant.client.budgets.create({ name: 'one', amount: 1000 });
    await tenant.client.budgets.create({ name: 'two', amount: 1000 });
    const quotas = await tenant.client.quotas.list({ per_page: 100 });
    const byName = new Map(quotas.data.map((q) => [q.resource, q]));
    expect(byName.get('budgets')).toEqual({ resource: 'budgets', limit: 100, used: 2, available: 98 });
    expect(byName.get('instances')).toMatchObject({ limit: 100, used: 0 });
    expect(byName.get('topics')).toMatchObject({ limit: 100, used: 0 });
    expect(byName.get('cache_instances')).toMatchObject({ limit: 20 });

    await mock.client.mock.quotas.update(tenant.project.id, { limits: { budgets: 2 } });
    const error = await rejection(tenant.client.budgets.create({ name: 'three', amount: 1000 }));
    expect(error.status).toBe(403);
    expect(error.code).toBe('QUOTA_EXCEEDED');
    const after = await tenant.client.quotas.list({ per_page: 100 });
    expect(after.data.find((q) => q.resource === 'budgets')).toEqual({
      resource: 'budgets',
      limit: 2,
      used: 2,
      available: 0,
    });

    const paged = await tenant.client.quotas.list({ per_page: 2, page: 1 });
    expect(paged.data).toHaveLength(2);
    expect(paged.total).toBe(quotas.total);
  });
});
