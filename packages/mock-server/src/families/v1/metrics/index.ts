import {
  MAX_METRIC_POINTS,
  METRIC_UNITS,
  METRICS_BY_RESOURCE,
  metrics as metricsEndpoints,
} from '@nimbus/sdk/contract/v1/metrics';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers } from '../../../core/pipeline/handler';
import { fieldError, HttpError } from '../../../core/pipeline/http-error';
import type { StoredRecord } from '../../../store/state';
import type { Store } from '../../../store/store';
import { foreignRowIn } from '../support/foreign-rows';
import { metricValue } from './curve';

const HOUR_MS = 3_600_000;

/** The resource with this id among the tables that report metrics, if it is in the project. */
function findResource(
  store: Store,
  projectId: string,
  id: string,
): { type: string; row: StoredRecord } | undefined {
  for (const type of Object.keys(METRICS_BY_RESOURCE)) {
    const row = foreignRowIn(store, type, projectId, id);
    if (row) return { type, row };
  }
  return undefined;
}

export const metricsFamily: FamilyModule = {
  handlers: defineHandlers(metricsEndpoints, {
    query(ctx) {
      const { resource_id, metric, interval } = ctx.query;
      const found = findResource(ctx.runtime.store, ctx.projectId, resource_id);
      if (!found) throw HttpError.notFound('Resource');
      const available = METRICS_BY_RESOURCE[found.type]!;
      if (!available.includes(metric)) {
        throw fieldError('query.metric', `${found.type} report ${available.join(', ')}`);
      }
      const now = ctx.runtime.clock.now();
      const to = ctx.query.to ? Date.parse(ctx.query.to) : now;
      const from = ctx.query.from ? Date.parse(ctx.query.from) : to - HOUR_MS;
      if (to > now) throw fieldError('query.to', 'must not be in the future');
      if (from >= to) throw fieldError('query.from', 'must be before to');
      const step = interval * 1000;
      if (Math.floor((to - from) / step) + 1 > MAX_METRIC_POINTS) {
        throw fieldError(
          'query.interval',
          `the range holds more than ${MAX_METRIC_POINTS} points: widen interval or narrow from..to`,
        );
      }
      // Points sit on multiples of the interval, and only from when the resource existed.
      const first = Math.ceil(Math.max(from, Date.parse(found.row.created_at)) / step) * step;
      const points: { timestamp: string; value: number }[] = [];
      for (let at = first; at <= to; at += step) {
        points.push({ timestamp: new Date(at).toISOString(), value: metricValue(resource_id, metric, at) });
      }
      return {
        resource_id,
        resource_type: found.type,
        metric,
        unit: METRIC_UNITS[metric],
        interval,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        points,
      };
    },
  }),
};
