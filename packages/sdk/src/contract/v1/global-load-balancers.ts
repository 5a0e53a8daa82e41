import * as z from 'zod';
import { listQuery, ProjectRecord, ResourceName, Uuid, whenField } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

/** latency: nearest healthy backend; weighted: by `weight`; failover: lowest `priority` first. */
export const GlobalRouting = z.enum(['latency', 'weighted', 'failover']);
export const GlobalLoadBalancerStatus = z.enum(['active']);

export const GlobalBackend = z.object({
  load_balancer_id: Uuid,
  weight: z.number().int().nonnegative().nullable(),
  priority: z.number().int().nonnegative().nullable(),
});

export const GlobalLoadBalancer = ProjectRecord.extend({
  name: z.string(),
  routing: GlobalRouting,
  backends: z.array(GlobalBackend),
  dns_name: z.string().describe('Global name clients resolve'),
  status: GlobalLoadBalancerStatus,
});

export const GlobalBackendInput = z.object({
  load_balancer_id: Uuid.describe('An internet-facing load balancer of this project'),
  weight: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('Share of traffic, 1..100; required for weighted routing'),
  priority: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe('1..1000, lower serves first; required and unique for failover routing'),
});

export const GlobalLoadBalancerCreateBody = z
  .object({
    name: ResourceName.describe('Global load balancer name'),
    routing: GlobalRouting.default('latency').describe('latency, weighted or failover; default latency'),
    backends: z
      .array(GlobalBackendInput)
      .min(1)
      .max(20)
      .describe('Regional load balancers as JSON: [{ "load_balancer_id": "...", "weight": 50 }]'),
  })
  .superRefine((body, ctx) => {
    const lbs = new Set<string>();
    const priorities = new Set<number>();
    body.backends.forEach((backend, i) => {
      if (lbs.has(backend.load_balancer_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['backends', i, 'load_balancer_id'],
          message: 'is listed twice',
        });
      }
      lbs.add(backend.load_balancer_id);
      if (body.routing === 'weighted' && backend.weight === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['backends', i, 'weight'],
          message: 'required for weighted routing',
        });
      }
      if (body.routing !== 'failover') return;
      if (backend.priority === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['backends', i, 'priority'],
          message: 'required for failover routing',
        });
      } else if (priorities.has(backend.priority)) {
        ctx.addIssue({
          code: 'custom',
          path: ['backends', i, 'priority'],
          message: 'must be unique among the backends',
        });
      } else priorities.add(backend.priority);
    });
  })
  // Load balancers and failover priorities unique among the backends: items compared, prose only.
  .meta({
    allOf: [
      whenField('routing', 'weighted', { properties: { backends: { items: { required: ['weight'] } } } }),
      whenField('routing', 'failover', { properties: { backends: { items: { required: ['priority'] } } } }),
    ],
  });

export const GlobalLoadBalancerListQuery = listQuery({
  name: z.string().optional().describe('Only global load balancers with this name'),
  routing: GlobalRouting.optional().describe('Only global load balancers with this routing'),
});

export const globalLoadBalancers = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/global-load-balancers',
    summary: 'List global load balancers',
    query: GlobalLoadBalancerListQuery,
    response: GlobalLoadBalancer,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/global-load-balancers',
    summary: 'Create a global load balancer over regional ones',
    example: `
      await client.globalLoadBalancers.create({
        name: 'edge',
        routing: 'weighted',
        backends: [{ load_balancer_id: hn.id, weight: 70 }, { load_balancer_id: hcm.id, weight: 30 }],
      });
    `,
    body: GlobalLoadBalancerCreateBody,
    response: GlobalLoadBalancer,
    status: 201,
  }),
};

export type GlobalLoadBalancer = z.infer<typeof GlobalLoadBalancer>;
