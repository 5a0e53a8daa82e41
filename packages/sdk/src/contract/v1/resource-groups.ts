import * as z from 'zod';
import { listQuery, ProjectRecord, Region, ResourceName } from '../common';
import { endpoint } from '../define';

export const Tags = z
  .record(
    z
      .string()
      .min(1)
      .max(128)
      .regex(/^[^<>%&\\?/]+$/, { error: 'must not contain < > % & \\ ? /' }),
    z.string().max(256),
  )
  .refine((tags) => Object.keys(tags).length <= 50, { error: 'at most 50 tags' });

export const ResourceGroup = ProjectRecord.extend({
  name: z.string(),
  region: z.string().describe("Where the group's metadata lives; its resources may be anywhere"),
  tags: z.record(z.string(), z.string()),
});

export const ResourceGroupCreateBody = z.object({
  name: ResourceName.describe('Group name, unique in the project (case-insensitive)'),
  region: Region.describe('Region of the group'),
  tags: Tags.default({}).describe('Key/value labels: up to 50, keys 1..128 characters, values up to 256'),
});

const base = { family: 'resources', auth: 'bearer', project: true } as const;

export const resourceGroups = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/resource-groups',
    summary: 'List resource groups',
    query: listQuery({ region: Region.optional(), name: z.string().optional() }),
    response: ResourceGroup,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/resource-groups',
    summary: 'Create a resource group (instances join it through resource_group_id)',
    example: `const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { team: 'core' } });`,
    body: ResourceGroupCreateBody,
    response: ResourceGroup,
    status: 201,
  }),
};

export type ResourceGroup = z.infer<typeof ResourceGroup>;
