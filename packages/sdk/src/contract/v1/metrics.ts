import * as z from 'zod';
import { Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

/** Every metric the platform reports, with its unit. */
export const METRIC_UNITS = {
  cpu_percent: 'percent',
  memory_percent: 'percent',
  network_in_bytes: 'bytes/s',
  network_out_bytes: 'bytes/s',
  disk_read_bytes: 'bytes/s',
  disk_write_bytes: 'bytes/s',
  connections: 'count',
  queries_per_second: 'count/s',
  storage_used_percent: 'percent',
  hit_ratio_percent: 'percent',
  evictions: 'count/s',
  requests: 'count/s',
  egress_bytes: 'bytes/s',
  storage_bytes: 'bytes',
  object_count: 'count',
  active_connections: 'count',
  latency_ms: 'ms',
  http_5xx: 'count/s',
  invocations: 'count/s',
  errors: 'count/s',
  duration_ms: 'ms',
  pod_count: 'count',
  pulls: 'count/s',
  pushes: 'count/s',
} as const;

export type MetricName = keyof typeof METRIC_UNITS;
export const MetricName = z.enum(Object.keys(METRIC_UNITS) as [MetricName, ...MetricName[]]);

/** Which metrics each kind of resource has, keyed by the resource's table (its `resource_type`). */
export const METRICS_BY_RESOURCE: Readonly<Record<string, readonly MetricName[]>> = {
  instances: [
    'cpu_percent',
    'memory_percent',
    'network_in_bytes',
    'network_out_bytes',
    'disk_read_bytes',
    'disk_write_bytes',
  ],
  databases: ['cpu_percent', 'memory_percent', 'connections', 'queries_per_second', 'storage_used_percent'],
  cache_instances: ['cpu_percent', 'memory_percent', 'connections', 'hit_ratio_percent', 'evictions'],
  buckets: ['requests', 'egress_bytes', 'storage_bytes', 'object_count'],
  load_balancers: ['requests', 'active_connections', 'latency_ms', 'http_5xx'],
  functions: ['invocations', 'errors', 'duration_ms'],
  clusters: ['cpu_percent', 'memory_percent', 'pod_count'],
  webapps: ['requests', 'latency_ms', 'http_5xx', 'cpu_percent', 'memory_percent'],
  registries: ['storage_bytes', 'pulls', 'pushes'],
};

/** Seconds between points. */
export const METRIC_INTERVALS = [60, 300, 3600] as const;
/** A series holds at most this many points: widen `interval` or narrow `from`..`to`. */
export const MAX_METRIC_POINTS = 1440;

const QueryTime = z.iso.datetime({ offset: true, error: 'must be an ISO-8601 timestamp' });

export const MetricQueryQuery = z.object({
  resource_id: Uuid.describe(
    'A resource of the project (instance, database, cache, bucket, load balancer...)',
  ),
  metric: MetricName.describe('Metric name; each resource type has its own list'),
  from: QueryTime.optional().describe('Start of the range; default one hour before `to`'),
  to: QueryTime.optional().describe('End of the range; default now'),
  interval: z.coerce
    .number({ error: 'must be 60, 300 or 3600' })
    .refine((v) => (METRIC_INTERVALS as readonly number[]).includes(v), { error: 'must be 60, 300 or 3600' })
    .default(300)
    .describe('Seconds between points: 60, 300 or 3600')
    .meta({ type: 'integer', enum: [...METRIC_INTERVALS] }),
});

export const MetricPoint = z.object({ timestamp: Timestamp, value: z.number() });

/**
 * A time series. Values are a function of (resource, metric, timestamp) alone: the same query
 * answers the same points, and points of different intervals agree where they meet. Points
 * before the resource existed are left out.
 */
export const MetricSeries = z.object({
  resource_id: Uuid,
  resource_type: z.string().describe('Table of the resource, e.g. instances, databases'),
  metric: MetricName,
  unit: z.string(),
  interval: z.number().int().nonnegative(),
  from: Timestamp,
  to: Timestamp,
  points: z.array(MetricPoint),
});

export const metrics = {
  query: endpoint({
    method: 'GET',
    path: '/api/v1/metrics',
    description:
      'The resource is looked up by id among instances, databases, cache instances, buckets, load balancers, ' +
      'functions, clusters, web apps and registries of the project (404 otherwise); each type has its metrics ' +
      '(METRICS_BY_RESOURCE). Points sit on multiples of interval, at most 1440 per series.',
    example: `
      const cpu = await client.metrics.query({ resource_id: vm.id, metric: 'cpu_percent', interval: 60 });
      console.log(cpu.points.at(-1)?.value);
    `,
    family: 'monitor',
    summary: 'A time series of one metric of one resource',
    query: MetricQueryQuery,
    response: MetricSeries,
    status: 200,
    auth: 'bearer',
    project: true,
  }),
};

export type MetricSeries = z.infer<typeof MetricSeries>;
export type MetricPoint = z.infer<typeof MetricPoint>;
