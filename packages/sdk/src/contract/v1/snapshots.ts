import * as z from 'zod';
import { listQuery, ProjectRecord, ResourceName, Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

export const SnapshotResourceType = z.enum(['instance', 'database']);
export const SnapshotStatus = z.enum(['pending', 'completed']);

export const Snapshot = ProjectRecord.extend({
  name: z.string(),
  resource_type: SnapshotResourceType,
  resource_id: Uuid,
  resource_name: z.string().describe('Name of the resource when the snapshot was taken'),
  region: z.string().describe("The resource's region; snapshots stay next to their disk"),
  description: z.string(),
  status: SnapshotStatus.describe('pending -> completed'),
  size_gb: z
    .number()
    .int()
    .nonnegative()
    .describe('Snapshot size; the same resource always gives the same size'),
  completed_at: Timestamp.nullable(),
});

export const SnapshotCreateBody = z.object({
  resource_type: SnapshotResourceType.describe('Kind of resource: instance or database'),
  resource_id: Uuid.describe('Id of the instance or database'),
  name: ResourceName.optional().describe('Snapshot name; default <resource name>-snap-<time>'),
  description: z.string().max(500).default('').describe('Free text, up to 500 characters'),
});

const base = { family: 'backup', auth: 'bearer', project: true } as const;

export const snapshots = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/snapshots',
    summary: 'List snapshots',
    description:
      'Extension (not in the API document): lets callers follow a snapshot from pending to completed.',
    query: listQuery({
      resource_type: SnapshotResourceType.optional(),
      resource_id: Uuid.optional(),
      status: SnapshotStatus.optional(),
    }),
    response: Snapshot,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/snapshots',
    summary: 'Snapshot an instance or a database (pending -> completed)',
    example: `const snap = await client.snapshots.create({ resource_type: 'instance', resource_id: vm.id });`,
    body: SnapshotCreateBody,
    response: Snapshot,
    status: 201,
  }),
};

export type Snapshot = z.infer<typeof Snapshot>;
export type SnapshotStatus = z.infer<typeof SnapshotStatus>;
