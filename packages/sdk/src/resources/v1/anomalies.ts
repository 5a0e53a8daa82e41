import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Anomaly, AnomalyDetectParams, AnomalyListParams } from '../../generated/types';

/** Cost anomalies of the client's project (`/api/v1/anomalies`). */
export class Anomalies extends APIResource {
  /** Anomalies, oldest first, filtered by `status`, `severity` or `resource_type`. */
  list(query?: AnomalyListParams, options?: RequestOptions): PagePromise<Anomaly> {
    return this._client.list(v1.anomalies.list, { query }, options);
  }

  /**
   * Records an anomaly; its severity follows from the deviation of actual from expected cost.
   *
   * @example
   * const anomaly = await client.anomalies.detect({ resource_type: 'instance', expected_cost: 100, actual_cost: 180 });
   * anomaly.severity; // 'high' (80 %)
   */
  detect(body: AnomalyDetectParams, options?: RequestOptions): APIPromise<Anomaly> {
    return this._client.call(v1.anomalies.detect, { body }, options);
  }

  /** `open -> acknowledged`; an anomaly already acknowledged answers 409 INVALID_STATE. */
  acknowledge(id: string, options?: RequestOptions): APIPromise<Anomaly> {
    return this._client.call(v1.anomalies.acknowledge, { params: { id } }, options);
  }
}
