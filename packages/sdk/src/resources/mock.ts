import { APIResource } from '../core/api-resource';
import type { RequestOptions } from '../core/request';
import { mock } from '../generated/routes';
import type {
  AdvanceClockParams,
  FaultParams,
  ImportStateParams,
  InjectVideoEventParams,
  SetQuotasParams,
  VideoTenantPlanParams,
  WebhookDeliveriesParams,
} from '../generated/types';

/**
 * Control routes of the reference server (`/__mock/*`, DECISIONS.md §7): reset, state,
 * simulated clock, fault injection and quotas. Not part of either API; a real deployment
 * answers them with 404.
 */
export class Mock extends APIResource {
  /** Empties the state; the server secret and seed rules stay. */
  reset(options?: RequestOptions) {
    return this._client.call(mock.reset, {}, options);
  }

  exportState(options?: RequestOptions) {
    return this._client.call(mock.exportState, {}, options);
  }

  importState(state: ImportStateParams, options?: RequestOptions) {
    return this._client.call(mock.importState, { body: state }, options);
  }

  clock(options?: RequestOptions) {
    return this._client.call(mock.clock, {}, options);
  }

  /** Moves the simulated clock forward; due lifecycles, billing and timers run. */
  advanceClock(body: AdvanceClockParams, options?: RequestOptions) {
    return this._client.call(mock.advanceClock, { body }, options);
  }

  /** Makes matching requests fail with `status` and/or wait `delay_ms`, `times` times. */
  addFault(body: FaultParams, options?: RequestOptions) {
    return this._client.call(mock.addFault, { body }, options);
  }

  clearFaults(options?: RequestOptions) {
    return this._client.call(mock.clearFaults, {}, options);
  }

  setQuotas(projectId: string, body: SetQuotasParams, options?: RequestOptions) {
    return this._client.call(mock.setQuotas, { params: { project_id: projectId }, body }, options);
  }

  /** Every webhook delivery attempt (Event Grid), oldest first, optionally of one project or subscription. */
  webhookDeliveries(query?: WebhookDeliveriesParams, options?: RequestOptions) {
    return this._client.call(mock.webhookDeliveries, { query }, options);
  }

  /** Changes a /v2 tenant's plan: `camera_limit` and the allowed `features`. */
  setVideoTenant(tenantId: string, body: VideoTenantPlanParams, options?: RequestOptions) {
    return this._client.call(mock.setVideoTenant, { params: { tenant_id: tenantId }, body }, options);
  }

  /** Records a detection event as if the camera saw it; it is stored and streamed like any other. */
  injectVideoEvent(body: InjectVideoEventParams, options?: RequestOptions) {
    return this._client.call(mock.injectVideoEvent, { body }, options);
  }
}
