import * as z from 'zod';
import { listQuery, ProjectRecord, Region } from '../common';
import { endpoint } from '../define';

/** Registry names are host names (`<name>.registry.nimbus.local`): globally unique. */
export const RegistryName = z
  .string()
  .regex(/^[a-z0-9]{5,50}$/, { error: 'must be 5..50 lowercase letters and digits' });

export const RegistrySku = z.enum(['basic', 'standard', 'premium']);

/** Included storage per SKU, in GB. */
export const REGISTRY_STORAGE_GB: Record<z.infer<typeof RegistrySku>, number> = {
  basic: 10,
  standard: 100,
  premium: 500,
};

export const Registry = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  sku: RegistrySku,
  admin_enabled: z.boolean(),
  login_server: z.string().describe('Host to docker login / push to'),
  storage_quota_gb: z.number().int().nonnegative(),
  status: z.literal('available'),
});

export const RegistryCreateBody = z.object({
  name: RegistryName.describe('Globally unique; becomes <name>.registry.nimbus.local'),
  region: Region.describe('Region, e.g. hn'),
  sku: RegistrySku.default('basic').describe('basic (10 GB), standard (100 GB) or premium (500 GB)'),
  admin_enabled: z.boolean().default(false).describe('Allow the admin user (username/password) login'),
});

export const RegistryListQuery = listQuery({
  region: Region.optional(),
  sku: RegistrySku.optional(),
  name: z.string().optional(),
});

const base = { family: 'registry', auth: 'bearer', project: true } as const;

export const registries = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/registries',
    summary: 'List container registries',
    query: RegistryListQuery,
    response: Registry,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/registries',
    summary: 'Create a container registry',
    example: `const registry = await client.registries.create({ name: 'acmeimages', region: 'hn', sku: 'standard' });`,
    body: RegistryCreateBody,
    response: Registry,
    status: 201,
  }),
};

export type Registry = z.infer<typeof Registry>;
