import type { ProvisioningMetric } from '@nimbus/sdk/contract';
import { provisioningMetrics as provisioningMetricsEndpoints } from '@nimbus/sdk/contract/v1/provisioning-metrics';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers } from '../../core/pipeline/handler';
import { assertState, createInProject, emit, findInProject } from '../../core/pipeline/resources';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

type MetricRow = ProvisioningMetric & StoredRecord;

const provisioningMetrics = defineTable<MetricRow>('provisioning_metrics');

const TYPE = 'monitor.provisioning_metric';

export const provisioningMetricsFamily: FamilyModule = {
  handlers: defineHandlers(provisioningMetricsEndpoints, {
    start(ctx) {
      const { resource_type, resource_id, label } = ctx.body;
      // A measurement, not a billable resource: no quota.
      return createInProject(
        ctx,
        provisioningMetrics,
        {
          resource_type,
          resource_id: resource_id ?? null,
          label: label ?? null,
          status: 'started',
          started_at: ctx.now(),
          completed_at: null,
          duration_ms: null,
        },
        { type: TYPE, quota: false },
      );
    },

    complete(ctx) {
      const metric = findInProject(ctx, provisioningMetrics, ctx.params.metricId, 'Provisioning metric');
      assertState(metric, ['started'], 'complete the measurement');
      const now = ctx.now();
      const record = ctx.runtime.store.table(provisioningMetrics).update(
        metric.id,
        {
          status: 'completed',
          completed_at: now,
          duration_ms: Date.parse(now) - Date.parse(metric.started_at),
        },
        now,
      );
      emit(ctx, TYPE, 'completed', record);
      return record;
    },
  }),
};
