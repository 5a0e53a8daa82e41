import * as z from 'zod';
import { listQuery, ProjectRecord } from '../common';
import { endpoint } from '../define';
import { BooleanQuery } from './compliance';

export const MetricOperator = z.enum(['gt', 'lt', 'ge', 'le']);
export const MetricRuleSeverity = z.enum(['low', 'medium', 'high', 'critical']);

/** A metric alert rule: fires when `metric` of a `resource_type` crosses `threshold` over the window. */
export const MetricRule = ProjectRecord.extend({
  name: z.string(),
  description: z.string(),
  metric: z.string().describe('Metric name, e.g. cpu_percent'),
  resource_type: z.string().describe('Resource type the rule watches, e.g. compute.instance'),
  operator: MetricOperator.describe('gt >, lt <, ge >=, le <='),
  threshold: z.number(),
  window_minutes: z.number().int().nonnegative().describe('Averaging window'),
  severity: MetricRuleSeverity,
  enabled: z.boolean(),
});

export const MetricRuleListQuery = listQuery({
  enabled: BooleanQuery.optional().describe('Only enabled (true) or disabled (false) rules'),
  severity: MetricRuleSeverity.optional().describe('Only this severity'),
  resource_type: z.string().optional().describe('Only rules for this resource type'),
  metric: z.string().optional().describe('Only rules on this metric'),
});

export const metricRules = {
  list: endpoint({
    family: 'monitor',
    auth: 'bearer',
    project: true,
    method: 'GET',
    path: '/api/v1/metric-rules',
    summary: 'Metric alert rules of the project (every project starts with a default set)',
    query: MetricRuleListQuery,
    response: MetricRule,
    list: true,
    status: 200,
  }),
};

export type MetricRule = z.infer<typeof MetricRule>;
