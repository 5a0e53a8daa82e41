import * as z from 'zod';
import { ProjectRecord, Timestamp, Uuid } from '../common';
import { endpoint } from '../define';

export const ProvisioningMetricStatus = z.enum(['started', 'completed']);

export const ProvisioningMetric = ProjectRecord.extend({
  resource_type: z.string(),
  resource_id: z.string().nullable(),
  label: z.string().nullable(),
  status: ProvisioningMetricStatus.describe('started -> completed'),
  started_at: Timestamp,
  completed_at: Timestamp.nullable(),
  duration_ms: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('completed_at - started_at on the simulated clock'),
});

export const ProvisioningMetricStartBody = z.object({
  resource_type: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,63}$/, {
      error: 'must be lowercase letters, digits, ".", "_" or "-" (e.g. instance)',
    })
    .describe('Kind of resource being provisioned, e.g. instance, database, sql.database'),
  resource_id: z.string().min(1).max(255).optional().describe('Id of the resource, when it already has one'),
  label: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('Free label to group measurements, e.g. a pipeline run'),
});

export const MetricIdParams = z.object({ metricId: Uuid });

const base = { family: 'monitor', auth: 'bearer', project: true } as const;

export const provisioningMetrics = {
  start: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/provisioning-metrics',
    summary: 'Start a provisioning measurement (status started, started_at now)',
    example: `
      const metric = await client.provisioningMetrics.start({ resource_type: 'instance', resource_id: vm.id });
      await client.instances.waitFor(vm.id, 'running');
      const { duration_ms } = await client.provisioningMetrics.complete(metric.id);
    `,
    body: ProvisioningMetricStartBody,
    response: ProvisioningMetric,
    status: 201,
  }),
  complete: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/v1/provisioning-metrics/{metricId}/complete',
    summary: 'Complete a measurement: completed_at and duration_ms on the simulated clock (once)',
    params: MetricIdParams,
    response: ProvisioningMetric,
    status: 200,
  }),
};

export type ProvisioningMetric = z.infer<typeof ProvisioningMetric>;
