import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Region, ResourceName } from '../common';
import { endpoint } from '../define';
import { Flavor } from './instances';

/** Kubernetes minor versions the platform runs; the newest is the default. */
export const KUBERNETES_VERSIONS = ['1.29', '1.30', '1.31'] as const;
export const KubernetesVersion = z.enum(KUBERNETES_VERSIONS);
export const ClusterStatus = z.enum(['provisioning', 'running']);

export const Autoscale = z.object({
  min: z.number().int().min(1).max(100).describe('Fewest nodes'),
  max: z.number().int().min(1).max(100).describe('Most nodes'),
});

export const NodePoolInput = z
  .object({
    name: z
      .string()
      .regex(/^[a-z][a-z0-9]{0,11}$/, {
        error: 'must be 1..12 lowercase letters and digits, starting with a letter',
      })
      .describe('Pool name, unique in the cluster'),
    flavor: Flavor.describe('Node size (the instance flavors)'),
    count: z.number().int().min(1).max(100).default(3).describe('Nodes now, 1..100'),
    autoscale: Autoscale.optional().describe('Bounds for the autoscaler: min <= count <= max'),
  })
  .superRefine((pool, ctx) => {
    const { autoscale, count } = pool;
    if (!autoscale) return;
    if (autoscale.min > autoscale.max) {
      ctx.addIssue({ code: 'custom', path: ['autoscale', 'min'], message: 'must not exceed autoscale.max' });
    } else if (count < autoscale.min || count > autoscale.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: `must be within autoscale bounds ${autoscale.min}..${autoscale.max}`,
      });
    }
  });

export const NodePool = z.object({
  name: z.string(),
  flavor: Flavor,
  count: z.number().int().nonnegative(),
  autoscale: Autoscale.nullable(),
});

export const Cluster = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  kubernetes_version: KubernetesVersion,
  node_pools: z.array(NodePool),
  node_count: z.number().int().nonnegative().describe('Nodes across every pool'),
  endpoint: z.string().describe('API server URL'),
  status: ClusterStatus,
});

export const ClusterCreateBody = z.object({
  name: ResourceName.describe('Cluster name, unique in the project'),
  region: Region.describe('Region, e.g. hn'),
  kubernetes_version: KubernetesVersion.default('1.31').describe(`One of ${KUBERNETES_VERSIONS.join(', ')}`),
  node_pools: z
    .array(NodePoolInput)
    .min(1)
    .max(10)
    .superRefine((pools, ctx) => {
      const seen = new Map<string, number>();
      pools.forEach((pool, i) => {
        const first = seen.get(pool.name);
        if (first === undefined) seen.set(pool.name, i);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'name'],
            message: `duplicate node pool name "${pool.name}" (already node_pools.${first})`,
          });
        }
      });
    })
    .describe('Node pools, 1..10: [{ name, flavor, count, autoscale? }]'),
});

export const ClusterListQuery = listQuery({
  status: ClusterStatus.optional(),
  region: Region.optional(),
  name: z.string().optional(),
});

const base = { family: 'container', auth: 'bearer', project: true } as const;

export const clusters = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/clusters',
    summary: 'List Kubernetes clusters',
    query: ClusterListQuery,
    response: Cluster,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/clusters',
    summary: 'Create a Kubernetes cluster (provisioning -> running)',
    example: `
      const cluster = await client.clusters.create({
        name: 'prod', region: 'hn', node_pools: [{ name: 'system', flavor: 'medium', count: 3 }],
      });
    `,
    body: ClusterCreateBody,
    response: Cluster,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/clusters/{id}',
    summary: 'Get a Kubernetes cluster (to follow provisioning)',
    params: IdParams,
    response: Cluster,
    status: 200,
  }),
};

export type Cluster = z.infer<typeof Cluster>;
export type ClusterStatus = z.infer<typeof ClusterStatus>;
