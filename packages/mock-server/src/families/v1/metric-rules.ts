import type { MetricRule } from '@nimbus/sdk/contract';
import { metricRules as metricRulesEndpoints } from '@nimbus/sdk/contract/v1/metric-rules';
import type { FamilyModule } from '../../core/pipeline/app';
import type { Context } from '../../core/pipeline/handler';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { projects } from '../../core/services/tables';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type MetricRuleRow = MetricRule & StoredRecord;

export const metricRules = defineTable<MetricRuleRow>('metric_rules');

/** Projects that received the default rules (id = project id), so a removed default stays removed. */
const seededProjects = defineTable<StoredRecord>('metric_rule_seeds');

type RuleFields = Pick<
  MetricRuleRow,
  | 'name'
  | 'description'
  | 'metric'
  | 'resource_type'
  | 'operator'
  | 'threshold'
  | 'window_minutes'
  | 'severity'
  | 'enabled'
>;

/** What every project starts with: the alerts an operator would set up first. */
const DEFAULT_RULES: readonly RuleFields[] = [
  rule('high-cpu', 'CPU above 80% for 5 minutes', 'cpu_percent', 'compute.instance', 'gt', 80, 5, 'high'),
  rule(
    'low-memory',
    'Memory use at or above 90% for 10 minutes',
    'memory_percent',
    'compute.instance',
    'ge',
    90,
    10,
    'medium',
  ),
  rule(
    'disk-almost-full',
    'Disk use at or above 90% for 15 minutes',
    'disk_used_percent',
    'compute.instance',
    'ge',
    90,
    15,
    'high',
  ),
  rule(
    'database-connections',
    'Connections above 85% of the pool for 5 minutes',
    'connections_percent',
    'sql.database',
    'gt',
    85,
    5,
    'medium',
  ),
  rule(
    'function-errors',
    'Error rate above 5% for 5 minutes',
    'error_rate_percent',
    'serverless.function',
    'gt',
    5,
    5,
    'medium',
  ),
  rule(
    'cache-hit-ratio',
    'Hit ratio below 80% for 30 minutes',
    'hit_ratio_percent',
    'cache.instance',
    'lt',
    80,
    30,
    'low',
  ),
  rule(
    'bucket-availability',
    'Availability at or below 99% over an hour',
    'availability_percent',
    'storage.bucket',
    'le',
    99,
    60,
    'critical',
    false,
  ),
];

function rule(
  name: string,
  description: string,
  metric: string,
  resource_type: string,
  operator: RuleFields['operator'],
  threshold: number,
  window_minutes: number,
  severity: RuleFields['severity'],
  enabled = true,
): RuleFields {
  return { name, description, metric, resource_type, operator, threshold, window_minutes, severity, enabled };
}

/**
 * Gives the project its default rules the first time they are asked for. Dated from the project's
 * creation (one millisecond apart, so the list keeps the order above), as if made with it.
 */
export function ensureDefaultMetricRules(ctx: Context): void {
  const store = ctx.runtime.store;
  const marks = store.table(seededProjects);
  if (marks.get(ctx.projectId)) return;
  const now = ctx.now();
  marks.insert({ id: ctx.projectId, created_at: now, updated_at: now });
  const since = Date.parse(store.table(projects).get(ctx.projectId)?.created_at ?? now);
  const table = store.table(metricRules);
  DEFAULT_RULES.forEach((fields, i) => {
    const at = new Date(since + i).toISOString();
    table.insert({
      ...fields,
      id: crypto.randomUUID(),
      project_id: ctx.projectId,
      created_at: at,
      updated_at: at,
    });
  });
}

export const metricRulesFamily: FamilyModule = {
  handlers: defineHandlers(metricRulesEndpoints, {
    list(ctx) {
      ensureDefaultMetricRules(ctx);
      const { enabled, severity, resource_type, metric } = ctx.query;
      const rows = ctx.runtime.store.table(metricRules).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { enabled, severity, resource_type, metric }));
    },
  }),
};
