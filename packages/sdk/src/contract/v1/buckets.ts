import * as z from 'zod';
import { listQuery, ProjectRecord, Region } from '../common';
import { endpoint } from '../define';

export const StorageClass = z
  .enum(['STANDARD', 'NEARLINE', 'COLDLINE'])
  .describe('STANDARD for hot data, NEARLINE for monthly access, COLDLINE for yearly access');

/**
 * A bucket name. Names are global (one namespace across every project) and become DNS
 * labels, so they follow the S3 rules: 3..63 characters of lowercase letters, digits, dots
 * and hyphens, starting and ending with a letter or digit, no `..`, and not an IP address.
 */
export const BucketName = z
  .string()
  .min(3, { error: 'must be at least 3 characters' })
  .max(63, { error: 'must be at most 63 characters' })
  .regex(/^[a-z0-9.-]*$/, { error: 'may hold only lowercase letters, digits, "." and "-"' })
  .regex(/^[a-z0-9](?:.*[a-z0-9])?$/, { error: 'must start and end with a lowercase letter or digit' })
  .refine((name) => !name.includes('..'), { error: 'must not contain two adjacent dots' })
  .refine((name) => !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(name), {
    error: 'must not be formatted as an IP address',
  })
  .describe('Globally unique name: 3-63 lowercase letters, digits, dots and hyphens');

export const Bucket = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  storage_class: StorageClass,
  versioning: z.boolean(),
  size_bytes: z.number().int().nonnegative().describe('Bytes stored in the bucket'),
  object_count: z.number().int().nonnegative().describe('Objects stored in the bucket'),
});

export const BucketCreateBody = z.object({
  name: BucketName,
  region: Region.describe('Region that stores the data, e.g. hn'),
  storage_class: StorageClass.default('STANDARD'),
  versioning: z.boolean().default(false).describe('Keep every version of an overwritten or deleted object'),
});

export const BucketNameParams = z.object({
  // Any string is accepted here: a name that breaks the rules simply names no bucket (404).
  name: z.string().min(1).max(255).describe('Bucket name'),
});

export const BucketListQuery = listQuery({
  region: Region.optional().describe('Only buckets in this region'),
  storage_class: StorageClass.optional().describe('Only buckets of this storage class'),
});

const base = { family: 'storage', auth: 'bearer', project: true } as const;

export const buckets = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/buckets',
    summary: 'List buckets',
    example: `for await (const bucket of client.buckets.list({ storage_class: 'COLDLINE' })) console.log(bucket.name);`,
    query: BucketListQuery,
    response: Bucket,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/buckets',
    summary: 'Create a bucket (the name is unique across all projects)',
    example: `const bucket = await client.buckets.create({ name: 'acme-logs', region: 'hn', versioning: true });`,
    body: BucketCreateBody,
    response: Bucket,
    status: 201,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/buckets/{name}',
    summary: 'Delete a bucket by name',
    params: BucketNameParams,
    response: z.void(),
    status: 204,
  }),
};

export type Bucket = z.infer<typeof Bucket>;
export type StorageClass = z.infer<typeof StorageClass>;
