import type { Nimbus } from '@nimbus/sdk';
import { type MockServer, type SeededTenant, seedTenant } from '../../src/entries/testing';

/**
 * A second registered user added to `owner`'s project with `role` through the IAM API; the
 * returned client works in that project.
 */
export async function memberWithRole(
  mock: MockServer,
  owner: SeededTenant,
  role: string,
): Promise<{ tenant: SeededTenant; client: Nimbus }> {
  const tenant = await seedTenant(mock);
  await owner.client.iam.users.create({ email: tenant.user.email, role });
  return { tenant, client: tenant.client.withProject(owner.project.id) };
}
