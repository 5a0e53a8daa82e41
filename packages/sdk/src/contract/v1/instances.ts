import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Region, ResourceName } from '../common';
import { endpoint } from '../define';

export const Flavor = z.enum(['nano', 'micro', 'small', 'medium', 'large', 'xlarge']);
export const InstanceStatus = z.enum(['provisioning', 'running', 'stopping', 'stopped', 'starting']);

export const Instance = ProjectRecord.extend({
  name: z.string(),
  flavor: Flavor,
  region: z.string(),
  image: z.string(),
  status: InstanceStatus,
  resource_group_id: z.string().nullable(),
});

export const InstanceCreateBody = z.object({
  name: ResourceName,
  flavor: Flavor,
  region: Region,
  image: z.string().min(1).max(128).default('ubuntu-24.04'),
  resource_group_id: z.uuid().optional().describe('Resource group to place the instance in'),
});

export const InstanceListQuery = listQuery({
  status: InstanceStatus.optional(),
  region: Region.optional(),
  flavor: Flavor.optional(),
  name: z.string().optional(),
});

const base = { family: 'compute', auth: 'bearer', project: true } as const;

export const instances = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/instances',
    summary: 'List instances',
    example: `
      const page = await client.instances.list({ status: 'running', per_page: 10 });
      for await (const vm of client.instances.list({ region: 'hn' })) console.log(vm.id);
    `,
    query: InstanceListQuery,
    response: Instance,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/instances',
    summary: 'Create an instance (provisioning -> running)',
    body: InstanceCreateBody,
    response: Instance,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/instances/{id}',
    summary: 'Get an instance',
    params: IdParams,
    response: Instance,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/instances/{id}',
    summary: 'Delete an instance',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
  start: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/instances/{id}/start',
    summary: 'Start a stopped instance (stopped -> starting -> running)',
    params: IdParams,
    response: Instance,
    status: 200,
  }),
  stop: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/instances/{id}/stop',
    summary: 'Stop a running instance (running -> stopping -> stopped)',
    params: IdParams,
    response: Instance,
    status: 200,
  }),
};

export type Instance = z.infer<typeof Instance>;
export type InstanceStatus = z.infer<typeof InstanceStatus>;
