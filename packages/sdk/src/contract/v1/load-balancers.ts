import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Region, ResourceName, Uuid, whenField } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

export const LoadBalancerType = z.enum(['application', 'network']);
export const LoadBalancerScheme = z.enum(['internet', 'internal']);
/** provisioning -> active, on the lifecycle clock. */
export const LoadBalancerStatus = z.enum(['provisioning', 'active']);
export const HealthProbeProtocol = z.enum(['http', 'https', 'tcp']);

export const HealthProbe = ProjectRecord.extend({
  load_balancer_id: Uuid,
  name: z.string(),
  protocol: HealthProbeProtocol,
  port: z.number().int().nonnegative(),
  path: z.string().nullable().describe('Request path of http(s) probes; null for tcp'),
  interval_sec: z.number().int().nonnegative(),
  timeout_sec: z.number().int().nonnegative(),
  healthy_threshold: z.number().int().nonnegative(),
  unhealthy_threshold: z.number().int().nonnegative(),
});

export const LoadBalancer = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  type: LoadBalancerType,
  scheme: LoadBalancerScheme,
  vpc_id: Uuid.nullable(),
  dns_name: z.string().describe('Name clients resolve to reach the load balancer'),
  status: LoadBalancerStatus,
  health_probes: z.array(HealthProbe).describe('Health probes of the load balancer, oldest first'),
});

export const LoadBalancerCreateBody = z
  .object({
    name: ResourceName.describe('Load balancer name'),
    region: Region.describe('Region of the load balancer, e.g. hn'),
    type: LoadBalancerType.default('application').describe(
      'application (HTTP, layer 7) or network (TCP, layer 4); default application',
    ),
    scheme: LoadBalancerScheme.default('internet').describe(
      'internet (public address) or internal (VPC only); default internet',
    ),
    vpc_id: Uuid.optional().describe(
      'VPC of this project the load balancer serves; required for internal ones',
    ),
  })
  .superRefine((body, ctx) => {
    if (body.scheme === 'internal' && !body.vpc_id) {
      ctx.addIssue({ code: 'custom', path: ['vpc_id'], message: 'required for an internal load balancer' });
    }
  })
  .meta(whenField('scheme', 'internal', { required: ['vpc_id'] }));

export const LoadBalancerHealthProbeCreateBody = z
  .object({
    name: ResourceName.optional().describe('Probe name; default <protocol>-<port>'),
    protocol: HealthProbeProtocol.describe('http, https or tcp'),
    port: z.number().int().min(1).max(65_535).describe('Backend port to probe, 1..65535'),
    path: z
      .string()
      .max(1024)
      .regex(/^\/\S*$/, { error: 'must start with / and hold no spaces' })
      .optional()
      .describe('Request path of http(s) probes, e.g. /healthz; required for them, refused for tcp'),
    interval_sec: z
      .number()
      .int()
      .min(5)
      .max(300)
      .default(30)
      .describe('Seconds between probes, 5..300; default 30'),
    timeout_sec: z
      .number()
      .int()
      .min(1)
      .max(299)
      .default(5)
      .describe('Seconds before a probe fails, below interval_sec; default 5'),
    healthy_threshold: z
      .number()
      .int()
      .min(1)
      .max(10)
      .default(3)
      .describe('Successes that mark a backend healthy, 1..10; default 3'),
    unhealthy_threshold: z
      .number()
      .int()
      .min(1)
      .max(10)
      .default(3)
      .describe('Failures that mark a backend unhealthy, 1..10; default 3'),
  })
  .superRefine((body, ctx) => {
    if (body.protocol === 'tcp' && body.path !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'not used by tcp probes: leave it out' });
    }
    if (body.protocol !== 'tcp' && body.path === undefined) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: `required for ${body.protocol} probes` });
    }
    if (body.timeout_sec >= body.interval_sec) {
      ctx.addIssue({
        code: 'custom',
        path: ['timeout_sec'],
        message: `must be less than interval_sec (${body.interval_sec})`,
      });
    }
  })
  // timeout_sec < interval_sec compares two fields, which JSON Schema cannot: its description says it.
  .meta({
    ...whenField('protocol', 'tcp', { not: { required: ['path'] } }),
    else: { required: ['path'] },
  });

export const LoadBalancerListQuery = listQuery({
  id: Uuid.optional().describe('Only the load balancer with this id'),
  name: z.string().optional().describe('Only load balancers with this name'),
  region: Region.optional().describe('Only load balancers of this region'),
  type: LoadBalancerType.optional().describe('Only load balancers of this type'),
  scheme: LoadBalancerScheme.optional().describe('Only load balancers of this scheme'),
  status: LoadBalancerStatus.optional().describe('Only load balancers in this status'),
});

export const loadBalancers = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/load-balancers',
    summary: 'List load balancers, each with its health probes',
    query: LoadBalancerListQuery,
    response: LoadBalancer,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/load-balancers',
    summary: 'Create a load balancer (provisioning -> active)',
    body: LoadBalancerCreateBody,
    response: LoadBalancer,
    status: 201,
  }),
  healthProbes: {
    create: endpoint({
      ...networkRoute,
      method: 'POST',
      path: '/api/v1/load-balancers/{id}/health-probes',
      summary: 'Add a health probe to a load balancer',
      example: `await client.loadBalancers.healthProbes.create(lb.id, { protocol: 'http', port: 8080, path: '/healthz' });`,
      params: IdParams,
      body: LoadBalancerHealthProbeCreateBody,
      response: HealthProbe,
      status: 201,
    }),
  },
};

export type LoadBalancerStatus = z.infer<typeof LoadBalancerStatus>;
export type LoadBalancer = z.infer<typeof LoadBalancer>;
export type HealthProbe = z.infer<typeof HealthProbe>;
