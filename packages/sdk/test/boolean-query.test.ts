import { seedTenant } from '@nimbus/mock-server/testing';
import type { ComplianceListParams, MetricRuleListParams, MockStateExportParams, Nimbus } from '@nimbus/sdk';
import { describe, expect, expectTypeOf } from 'vitest';
import { it } from './helpers';

// Boolean query parameters are booleans for callers, whichever endpoint takes them; the SDK
// writes them as `true`/`false`, the text the server reads.

let client: Nimbus;
it.beforeAll(async ({ mock }) => {
  ({ client } = await seedTenant(mock));
});

describe('boolean query parameters', () => {
  it('are typed as booleans on every endpoint', () => {
    expectTypeOf<MockStateExportParams['include_secret']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ComplianceListParams['compliant']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<MetricRuleListParams['enabled']>().toEqualTypeOf<boolean | undefined>();
  });

  it('are sent as true and false', async ({ mock }) => {
    const withSecret = await mock.client.mock.state.export({ include_secret: true });
    const without = await mock.client.mock.state.export({ include_secret: false });
    expect(withSecret).toHaveProperty('secret', expect.any(String));
    expect(without).not.toHaveProperty('secret');

    await client.compliance.list({ compliant: false });
    const { data: items } = await mock.client.mock.requests.list({ path: '/api/v1/compliance' });
    const sent = items.at(-1);
    expect(sent?.query).toMatchObject({ compliant: 'false' });
  });
});
