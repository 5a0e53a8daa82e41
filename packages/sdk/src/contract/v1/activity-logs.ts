import * as z from 'zod';
import { listQuery, ProjectRecord } from '../common';
import { endpoint } from '../define';

export const ActorType = z.enum(['user', 'workload', 'api_key']);

/** One mutating call of the project, recorded by the platform (`/api/v1/activity-logs`). */
export const ActivityLog = ProjectRecord.extend({
  actor: z.string().describe('Who made the call: user:<id> or api_key:<id>'),
  actor_type: ActorType,
  operation: z.string().describe('Contract operation, e.g. instances.create'),
  method: z.string(),
  path: z.string(),
  resource_id: z
    .string()
    .nullable()
    .describe('The {id} or {name} of the path; null for creations and collection calls'),
  status: z.number().int().nonnegative().describe('HTTP status of the answer'),
  request_id: z.string().describe('X-Request-Id of the call'),
});

export const ActivityLogListQuery = listQuery({
  operation: z
    .string()
    .max(128)
    .optional()
    .describe(
      'Only this operation: its OpenAPI operation id (v1.instances.create) or the short form entries show (instances.create); an unknown one is 400',
    ),
  status: z.coerce
    .number()
    .int()
    .min(100)
    .max(599)
    .optional()
    .describe('Only calls answered with this HTTP status'),
  actor: z.string().max(128).optional().describe('Only calls of this actor (user:<id> or api_key:<id>)'),
  resource_id: z.string().max(128).optional().describe('Only calls about this resource'),
  since: z.iso.datetime({ offset: true }).optional().describe('Only calls at or after this time (ISO-8601)'),
  order: z.enum(['desc', 'asc']).default('desc').describe('desc: newest first (default); asc: oldest first'),
});

export const activityLogs = {
  list: endpoint({
    family: 'monitor',
    auth: 'bearer',
    project: true,
    method: 'GET',
    path: '/api/v1/activity-logs',
    summary: 'Mutating calls of the project (who, what, outcome), newest first',
    example: `
      const { data: vm, requestId } = await client.instances.create({ name: 'web', flavor: 'small', region: 'hn' }).withResponse();
      const [entry] = (await client.activityLogs.list({ operation: 'instances.create' })).data;
      console.log(entry.request_id === requestId);
    `,
    query: ActivityLogListQuery,
    response: ActivityLog,
    list: true,
    status: 200,
  }),
};

export type ActivityLog = z.infer<typeof ActivityLog>;
