import type { Anomaly, AnomalySeverity } from '@nimbus/sdk/contract';
import { anomalies as anomaliesEndpoints } from '@nimbus/sdk/contract/v1/anomalies';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { assertState, createInProject, emit, findInProject } from '../../core/pipeline/resources';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type AnomalyRow = Anomaly & StoredRecord;

export const anomalies = defineTable<AnomalyRow>('cost_anomalies');

const TYPE = 'cost.anomaly';

/** |actual - expected| as a percent of expected; null when nothing was expected. */
export function deviationPercent(expected: number, actual: number): number | null {
  if (expected === 0) return null;
  // Capped: against a tiny expected cost (5e-324) the ratio overflows to Infinity, which JSON cannot carry.
  return Math.min(Math.round((Math.abs(actual - expected) / expected) * 100 * 100) / 100, Number.MAX_VALUE);
}

/** low < 25 %, medium < 50 %, high < 100 %, critical from 100 % (any cost where none was expected). */
export function severityOf(expected: number, actual: number): AnomalySeverity {
  const deviation = deviationPercent(expected, actual);
  if (deviation === null) return actual > 0 ? 'critical' : 'low';
  if (deviation < 25) return 'low';
  if (deviation < 50) return 'medium';
  if (deviation < 100) return 'high';
  return 'critical';
}

export const anomaliesFamily: FamilyModule = {
  handlers: defineHandlers(anomaliesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(anomalies).list(ctx.projectId);
      const { status, severity, resource_type } = ctx.query;
      return paginate(ctx, filterRows(rows, { status, severity, resource_type }));
    },

    detect(ctx) {
      const { resource_type, resource_id, expected_cost, actual_cost } = ctx.body;
      // Records, not resources: no quota applies.
      return createInProject(
        ctx,
        anomalies,
        {
          resource_type,
          resource_id: resource_id ?? null,
          expected_cost,
          actual_cost,
          deviation_percent: deviationPercent(expected_cost, actual_cost),
          severity: severityOf(expected_cost, actual_cost),
          status: 'open',
          acknowledged_at: null,
        },
        { type: TYPE, quota: false },
      );
    },

    acknowledge(ctx) {
      const anomaly = findInProject(ctx, anomalies, ctx.params.id, 'Anomaly');
      assertState(anomaly, ['open'], 'acknowledge');
      const now = ctx.now();
      const updated = ctx.runtime.store
        .table(anomalies)
        .update(anomaly.id, { status: 'acknowledged', acknowledged_at: now }, now);
      emit(ctx, TYPE, 'acknowledged', updated);
      return updated;
    },
  }),
};
