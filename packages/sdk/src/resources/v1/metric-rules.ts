import { v1 } from '../../contract';
import type { QueryOf } from '../../contract/define';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';

/** Metric alert rules of the client's project (`/api/v1/metric-rules`); every project starts with a default set. */
export class MetricRules extends APIResource {
  /** Rules, oldest first, filtered by `enabled`, `severity`, `resource_type` or `metric`. */
  list(query?: QueryOf<typeof v1.metricRules.list>, options?: RequestOptions) {
    return this._client.list(v1.metricRules.list, { query }, options);
  }
}
