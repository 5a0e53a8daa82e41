import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { ProvisioningMetric, ProvisioningMetricStartParams } from '../../generated/types';

/** Provisioning time measurements (`/api/v1/provisioning-metrics`). */
export class ProvisioningMetrics extends APIResource {
  /**
   * Starts a measurement (`started`, `started_at` now on the server's clock).
   *
   * @example
   * const metric = await client.provisioningMetrics.start({ resource_type: 'instance', resource_id: vm.id });
   * await client.instances.waitFor(vm.id, 'running');
   * const { duration_ms } = await client.provisioningMetrics.complete(metric.id);
   */
  start(body: ProvisioningMetricStartParams, options?: RequestOptions): APIPromise<ProvisioningMetric> {
    return this._client.call(v1.provisioningMetrics.start, { body }, options);
  }

  /** Completes a measurement once: `completed_at` and `duration_ms` on the server's clock. */
  complete(metricId: string, options?: RequestOptions): APIPromise<ProvisioningMetric> {
    return this._client.call(v1.provisioningMetrics.complete, { params: { metricId } }, options);
  }
}
