import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Timestamp, TRIMMED_PATTERN } from '../common';
import { endpoint } from '../define';

export const AnomalySeverity = z
  .enum(['low', 'medium', 'high', 'critical'])
  .describe('From the deviation: low < 25 %, medium < 50 %, high < 100 %, critical from 100 %');

export const AnomalyStatus = z.enum(['open', 'acknowledged']);

const Cost = z.number().min(0).max(1e15);

export const Anomaly = ProjectRecord.extend({
  resource_type: z.string(),
  resource_id: z.string().nullable(),
  expected_cost: z.number(),
  actual_cost: z.number(),
  deviation_percent: z
    .number()
    .nullable()
    .describe('|actual - expected| / expected x 100; null when expected_cost is 0'),
  severity: AnomalySeverity,
  status: AnomalyStatus,
  acknowledged_at: Timestamp.nullable(),
});

export const AnomalyDetectBody = z.object({
  resource_type: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .meta({ pattern: TRIMMED_PATTERN })
    .describe('Kind of resource, e.g. instance or bucket'),
  resource_id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .meta({ pattern: TRIMMED_PATTERN })
    .optional()
    .describe('The resource the cost belongs to'),
  expected_cost: Cost.describe('Cost the resource usually has, VND, >= 0'),
  actual_cost: Cost.describe('Cost observed, VND, >= 0'),
});

export const AnomalyListQuery = listQuery({
  status: AnomalyStatus.optional().describe('Only open or only acknowledged anomalies'),
  severity: AnomalySeverity.optional().describe('Only anomalies of this severity'),
  resource_type: z.string().optional().describe('Only anomalies of this resource type'),
});

const base = { family: 'cost', auth: 'bearer', project: true } as const;

export const anomalies = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/anomalies',
    summary: 'List cost anomalies',
    query: AnomalyListQuery,
    response: Anomaly,
    list: true,
    status: 200,
  }),
  detect: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/anomalies/detect',
    summary: 'Record a cost anomaly; severity follows from the deviation',
    example: `
      const anomaly = await client.anomalies.detect({ resource_type: 'instance', expected_cost: 100, actual_cost: 180 });
      anomaly.severity; // 'high' (80 %)
    `,
    body: AnomalyDetectBody,
    response: Anomaly,
    status: 201,
  }),
  acknowledge: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/anomalies/{id}/acknowledge',
    summary: 'Acknowledge an open anomaly (open -> acknowledged)',
    params: IdParams,
    response: Anomaly,
    status: 200,
  }),
};

export type Anomaly = z.infer<typeof Anomaly>;
export type AnomalySeverity = z.infer<typeof AnomalySeverity>;
