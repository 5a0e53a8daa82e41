// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ProvisioningMetric, ProvisioningMetricStartParams } from '../../types';

/** How long provisioning takes, measured per operation. */
export class ProvisioningMetrics extends APIResource {
  /**
   * Start a provisioning measurement (status started, started_at now).
   *
   * @example
   * const metric = await client.provisioningMetrics.start({ resource_type: 'instance', resource_id: vm.id });
   * await client.instances.waitFor(vm.id, 'running');
   * const { duration_ms } = await client.provisioningMetrics.complete(metric.id);
   */
  start(body: ProvisioningMetricStartParams, options?: RequestOptions): APIPromise<ProvisioningMetric> {
    return this._client.call(v1.provisioningMetrics.start, { body }, options);
  }

  /** Complete a measurement: completed_at and duration_ms on the simulated clock (once). */
  complete(metricId: string, options?: RequestOptions): APIPromise<ProvisioningMetric> {
    return this._client.call(v1.provisioningMetrics.complete, { params: { metricId } }, options);
  }
}
