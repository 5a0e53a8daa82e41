import type { Nimbus } from '@nimbus/sdk';
import { type MockServer, type SeededTenant, seedTenant } from '../../src/entries/testing';

export type Failure = Error & {
  code?: string;
  status?: number;
  details?: { path: string; message: string }[];
};

/** The error a call fails with; fails the test when the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected the call to fail');
}

/** The `details[].path` values of a validation failure. */
export async function failedPaths(promise: Promise<unknown>): Promise<string[]> {
  const error = await rejection(promise);
  if (error.code !== 'VALIDATION_ERROR')
    throw new Error(`expected VALIDATION_ERROR, got ${error.code}: ${error.message}`);
  return (error.details ?? []).map((d) => d.path);
}

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
