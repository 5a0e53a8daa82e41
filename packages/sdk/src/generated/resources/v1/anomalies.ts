// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Anomaly, AnomalyDetectParams, AnomalyListParams } from '../../types';

/** Cost anomalies: detect and acknowledge. */
export class Anomalies extends APIResource {
  /** List cost anomalies. */
  list(query?: AnomalyListParams, options?: RequestOptions): PagePromise<Anomaly> {
    return this._client.list(v1.anomalies.list, { query }, options);
  }

  /**
   * Record a cost anomaly; severity follows from the deviation.
   *
   * @example
   * const anomaly = await client.anomalies.detect({ resource_type: 'instance', expected_cost: 100, actual_cost: 180 });
   * anomaly.severity; // 'high' (80 %)
   */
  detect(body: AnomalyDetectParams, options?: RequestOptions): APIPromise<Anomaly> {
    return this._client.call(v1.anomalies.detect, { body }, options);
  }

  /** Acknowledge an open anomaly (open -> acknowledged). */
  acknowledge(id: string, options?: RequestOptions): APIPromise<Anomaly> {
    return this._client.call(v1.anomalies.acknowledge, { params: { id } }, options);
  }
}
