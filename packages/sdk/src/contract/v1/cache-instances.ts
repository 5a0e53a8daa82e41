import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Region, ResourceName, Timestamp, whenField } from '../common';
import { endpoint } from '../define';

export const CacheSku = z
  .enum(['Basic', 'Standard', 'Premium'])
  .describe('Basic (single node), Standard (replicated) or Premium (replicated, larger sizes)');
export type CacheSku = z.infer<typeof CacheSku>;

/** Capacity each sku offers, in GB (inclusive): a create or scale outside it is refused. */
export const CACHE_CAPACITY_GB: Readonly<Record<CacheSku, { min: number; max: number }>> = {
  Basic: { min: 1, max: 4 },
  Standard: { min: 1, max: 32 },
  Premium: { min: 6, max: 120 },
};

export const CacheStatus = z.enum(['provisioning', 'available', 'scaling']);

const CapacityGb = z
  .number()
  .int({ error: 'must be a whole number of GB' })
  .min(1)
  .max(120)
  .describe('Memory in GB: Basic 1-4, Standard 1-32, Premium 6-120');

export const CacheInstance = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  sku: CacheSku,
  capacity_gb: z.number().int().nonnegative(),
  redis_version: z.string(),
  status: CacheStatus.describe('provisioning -> available; scale: available -> scaling -> available'),
  provisioned_at: Timestamp.nullable().describe('When the instance first became available'),
});

/** capacity_gb of a create that leaves it out. */
const DEFAULT_CAPACITY_GB = 1;

/**
 * The capacity bounds of each sku as JSON Schema `if`/`then`. On a create, a sku left out is
 * Basic and a capacity left out is DEFAULT_CAPACITY_GB, which a sku starting above it refuses.
 */
const capacityBySku = (create: boolean) =>
  Object.entries(CACHE_CAPACITY_GB).map(([sku, { min, max }]) =>
    whenField(
      'sku',
      sku,
      {
        properties: { capacity_gb: { minimum: min, maximum: max } },
        ...(create && min > DEFAULT_CAPACITY_GB && { required: ['capacity_gb'] }),
      },
      create && sku === 'Basic',
    ),
  );

export const CacheInstanceCreateBody = z
  .object({
    name: ResourceName.describe('Instance name'),
    region: Region.describe('Region the cache runs in, e.g. hn'),
    sku: CacheSku.default('Basic'),
    capacity_gb: CapacityGb.default(DEFAULT_CAPACITY_GB),
    redis_version: z.enum(['6.2', '7.2']).default('7.2').describe('Redis protocol version: 6.2 or 7.2'),
  })
  .superRefine((body, ctx) => {
    const { min, max } = CACHE_CAPACITY_GB[body.sku];
    if (body.capacity_gb < min || body.capacity_gb > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity_gb'],
        message: `must be between ${min} and ${max} GB for sku ${body.sku} (got ${body.capacity_gb})`,
      });
    }
  })
  .meta({ allOf: capacityBySku(true) });

export const CacheInstanceScaleBody = z
  .object({
    sku: CacheSku.optional().describe('New sku (the capacity must fit it)'),
    capacity_gb: CapacityGb.optional(),
  })
  .refine((body) => body.sku !== undefined || body.capacity_gb !== undefined, {
    error: 'give sku, capacity_gb or both',
  })
  // Without sku, capacity_gb must fit the instance's current sku: the server checks that (stored state).
  .meta({
    minProperties: 1,
    anyOf: [{ required: ['sku'] }, { required: ['capacity_gb'] }],
    allOf: capacityBySku(false),
  });

export const CacheInstanceListQuery = listQuery({
  status: CacheStatus.optional().describe('Only instances in this status'),
  region: Region.optional().describe('Only instances in this region'),
  sku: CacheSku.optional().describe('Only instances of this sku'),
});

const base = { family: 'cache', auth: 'bearer', project: true } as const;

export const cacheInstances = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/cache-instances',
    summary: 'List cache instances',
    query: CacheInstanceListQuery,
    response: CacheInstance,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/cache-instances',
    summary: 'Create a cache instance (provisioning -> available)',
    example: `const cache = await client.cacheInstances.create({ name: 'sessions', region: 'hn', sku: 'Standard', capacity_gb: 8 });`,
    body: CacheInstanceCreateBody,
    response: CacheInstance,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/cache-instances/{id}',
    summary: 'Get a cache instance',
    params: IdParams,
    response: CacheInstance,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/cache-instances/{id}',
    summary: 'Delete a cache instance',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  scale: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/cache-instances/{id}/scale',
    summary: 'Change the sku or capacity of an available instance (available -> scaling -> available)',
    example: `
      await client.cacheInstances.scale(cache.id, { sku: 'Premium', capacity_gb: 26 });
      await client.cacheInstances.waitFor(cache.id, 'available');
    `,
    params: IdParams,
    body: CacheInstanceScaleBody,
    response: CacheInstance,
    status: 200,
  }),
};

export type CacheInstance = z.infer<typeof CacheInstance>;
export type CacheStatus = z.infer<typeof CacheStatus>;
