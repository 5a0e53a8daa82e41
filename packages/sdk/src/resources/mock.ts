import { APIPromise } from '../core/api-promise';
import { APIResource } from '../core/api-resource';
import { type CursorPagePromise, requestCursorPage } from '../core/cursor-pagination';
import type { RequestOptions } from '../core/request';
import { mock } from '../generated/routes';
import type {
  AdvanceClockParams,
  ExportStateParams,
  Fault,
  FaultParams,
  FreezeClockParams,
  ImportStateParams,
  InjectVideoEventParams,
  RecordedRequestParams,
  SetQuotasParams,
  VideoTenantPlanParams,
  WebhookDeliveriesParams,
} from '../generated/types';

/** Injected faults of the reference server (`/__mock/faults`). */
export class MockFaults extends APIResource {
  /**
   * Makes matching requests fail, answer a raw body, wait, drop the connection or send their
   * body slowly; `times` times, or until removed.
   *
   * @example
   * await client.mock.faults.create({ method: 'get', path: '/api/v1/instances', status: 503, times: 2 });
   * await client.mock.faults.create({ path: '/api/v1/instances/{id}', drop_connection: true, probability: 0.5, seed: 7 });
   */
  create(body: FaultParams, options?: RequestOptions) {
    return this._client.call(mock.addFault, { body }, options);
  }

  /**
   * The faults in force, in the order they are tried, with the uses they have left, as one page
   * (the route is not paged): await it for the page (`data`), or `for await` it for each fault.
   *
   * @example
   * for await (const fault of client.mock.faults.list()) console.log(fault.id, fault.remaining);
   */
  list(options?: RequestOptions): CursorPagePromise<Fault> {
    return requestCursorPage(() => {
      const answer = this._client.call(mock.listFaults, {}, options);
      return new APIPromise(
        answer.withResponse().then((result) => ({ ...result, data: { ...result.data, next_cursor: null } })),
      );
    });
  }

  /** Removes one fault (404 when there is none of that id). */
  delete(id: string, options?: RequestOptions) {
    return this._client.call(mock.deleteFault, { params: { id } }, options);
  }

  /** Removes every fault. */
  clear(options?: RequestOptions) {
    return this._client.call(mock.clearFaults, {}, options);
  }
}

/**
 * Control routes of the reference server (`/__mock/*`, docs/decisions/0007-mock-control.md): reset, state,
 * simulated clock, fault injection and quotas. Not part of either API; a real deployment
 * answers them with 404.
 */
export class Mock extends APIResource {
  readonly faults = new MockFaults(this._client);

  /** Empties the state and the request journal; the server secret and seed rules stay. */
  reset(options?: RequestOptions) {
    return this._client.call(mock.reset, {}, options);
  }

  /**
   * The whole state. `{ include_secret: true }` adds the signing secret, so tokens issued
   * before the export stay valid after `importState()` on another server; whoever holds such an
   * export can sign tokens for every user in it.
   */
  exportState(query?: ExportStateParams, options?: RequestOptions) {
    return this._client.call(mock.exportState, { query }, options);
  }

  /** Replaces the whole state; an export with a `secret` replaces the signing secret too. */
  importState(state: ImportStateParams, options?: RequestOptions) {
    return this._client.call(mock.importState, { body: state }, options);
  }

  /**
   * The request journal: recent requests (not the control routes), oldest first, credentials
   * redacted; filtered by `method`, `path` (a prefix when it ends in `*`) and `status`.
   *
   * @example
   * const { items } = await client.mock.requests({ method: 'POST', path: '/api/v1/instances' });
   */
  requests(query?: RecordedRequestParams, options?: RequestOptions) {
    return this._client.call(mock.requests, { query }, options);
  }

  /**
   * Whether a bucket name is free in any project (bucket names are global): what a dry run asks
   * before a create that would collide. Says nothing else about the bucket.
   */
  bucketName(name: string, options?: RequestOptions) {
    return this._client.call(mock.bucketName, { params: { name } }, options);
  }

  clock(options?: RequestOptions) {
    return this._client.call(mock.clock, {}, options);
  }

  /** Moves the simulated clock forward; due lifecycles, billing and timers run. */
  advanceClock(body: AdvanceClockParams, options?: RequestOptions) {
    return this._client.call(mock.advanceClock, { body }, options);
  }

  /**
   * Stops simulated time (`{ frozen: true }`): every request sees the same instant and nothing
   * comes due until `advanceClock()`; `{ frozen: false }` lets it run on from there.
   *
   * @example
   * await client.mock.freezeClock({ frozen: true });
   * await client.mock.advanceClock({ seconds: 3600 }); // exactly one hour later, and still
   */
  freezeClock(body: FreezeClockParams, options?: RequestOptions) {
    return this._client.call(mock.freezeClock, { body }, options);
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

  /**
   * The HTML of the dashboard (`GET /__mock/ui`), with the control token as a header. A browser
   * opens `<baseUrl>/__mock/ui`, with `?token=<control token>` when the server has one.
   */
  dashboard(options?: RequestOptions) {
    return this._client.call(mock.dashboard, {}, options);
  }
}
