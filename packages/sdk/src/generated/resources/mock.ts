// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import { type CursorPagePromise, requestCursorPage } from '../../core/cursor-pagination';
import type { RequestOptions } from '../../core/request';
import { mock } from '../routes';
import type { BucketNameAvailability, ClockState, Fault, MockClockAdvanceParams, MockClockFreezeParams, MockFaultCreateParams, MockQuotaUpdateParams, MockQuotaUpdateResponse, MockRequestListParams, MockResetResponse, MockStateExportParams, MockStateImportParams, MockStateImportResponse, MockVideoEventCreateParams, MockVideoTenantUpdateParams, MockWebhookDelivery, MockWebhookDeliveryListParams, RecordedRequest, VideoEvent, VideoTenantPlan } from '../types';

/** The page that shows the request log and drives the reference server. */
export class MockDashboard extends APIResource {
  /**
   * A page to watch the request log and drive the server: faults, clock, state, webhooks, /v2 events.
   *
   * The control routes' rules apply. With a control token, a browser passes it once in `?token=`;
   * the page sends it on its own requests.
   */
  retrieve(options?: RequestOptions): APIPromise<string> {
    return this._client.call(mock.dashboard.retrieve, {}, options);
  }
}

/** The whole state of the reference server, exported and imported as JSON. */
export class MockState extends APIResource {
  /** Export the whole state as JSON (secrets only as hashes; the signing secret only when asked). */
  export(query?: MockStateExportParams, options?: RequestOptions): APIPromise<Record<string, unknown>> {
    return this._client.call(mock.state.export, { query }, options);
  }

  /** Replace the whole state (and the signing secret, when the export carries it). */
  import(state: MockStateImportParams, options?: RequestOptions): APIPromise<MockStateImportResponse> {
    return this._client.call(mock.state.import, { body: state }, options);
  }
}

/** The request journal of the reference server. */
export class MockRequests extends APIResource {
  /**
   * The request journal: recent API requests, oldest first (emptied by reset).
   *
   * @example
   * const { data } = await client.mock.requests.list({ method: 'POST', path: '/api/v1/instances' });
   */
  list(query?: MockRequestListParams, options?: RequestOptions): CursorPagePromise<RecordedRequest> {
    return requestCursorPage(() => this._client.call(mock.requests.list, { query }, options));
  }

  /** Empty the request journal (the state and faults stay). */
  clear(options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.requests.clear, {}, options);
  }
}

/** Whether a bucket name is free (names are global across projects). */
export class MockBucketNames extends APIResource {
  /** Whether a bucket name is free in any project (for dry runs: the API itself answers only by refusing a create). */
  retrieve(name: string, options?: RequestOptions): APIPromise<BucketNameAvailability> {
    return this._client.call(mock.bucketNames.retrieve, { params: { name } }, options);
  }
}

/** The simulated clock of the reference server. */
export class MockClock extends APIResource {
  /** The simulated clock. */
  retrieve(options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.retrieve, {}, options);
  }

  /** Move the simulated clock forward; due lifecycles, billing and timers run. */
  advance(body: MockClockAdvanceParams, options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.advance, { body }, options);
  }

  /**
   * Stop or restart simulated time: frozen, nothing comes due until the clock is advanced.
   *
   * Frozen, the simulated time stands still (every request sees the same instant) and only `POST
   * /__mock/clock/advance` moves it; unfrozen, it runs on from where it stood. A reset or state
   * import restarts it.
   *
   * @example
   * await client.mock.clock.freeze({ frozen: true });
   * await client.mock.clock.advance({ seconds: 3600 }); // exactly one hour later, and still
   */
  freeze(body: MockClockFreezeParams, options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.freeze, { body }, options);
  }
}

/** Faults injected into matching requests. */
export class MockFaults extends APIResource {
  /**
   * Inject a fault for matching requests: an error or raw answer, a delay, a dropped connection or a slow body.
   *
   * @example
   * await client.mock.faults.create({ method: 'get', path: '/api/v1/instances', status: 503, times: 2 });
   * await client.mock.faults.create({ path: '/api/v1/instances/{id}', drop_connection: true, probability: 0.5, seed: 7 });
   */
  create(body: MockFaultCreateParams, options?: RequestOptions): APIPromise<Fault> {
    return this._client.call(mock.faults.create, { body }, options);
  }

  /**
   * The injected faults, in the order they are tried, with the uses they have left.
   *
   * @example
   * for await (const fault of client.mock.faults.list()) console.log(fault.id, fault.remaining);
   */
  list(options?: RequestOptions): CursorPagePromise<Fault> {
    return requestCursorPage(() => this._client.call(mock.faults.list, {}, options));
  }

  /** Remove an injected fault. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.faults.delete, { params: { id } }, options);
  }

  /** Remove every injected fault. */
  clear(options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.faults.clear, {}, options);
  }
}

/** Quota limits of any project, changed from outside the API. */
export class MockQuotas extends APIResource {
  /** Change a project's quota limits. */
  update(projectId: string, body: MockQuotaUpdateParams, options?: RequestOptions): APIPromise<MockQuotaUpdateResponse> {
    return this._client.call(mock.quotas.update, { params: { project_id: projectId }, body }, options);
  }
}

/** Every webhook delivery attempt of every project. */
export class MockWebhookDeliveries extends APIResource {
  /** Every webhook delivery attempt of every project, oldest first. */
  list(query?: MockWebhookDeliveryListParams, options?: RequestOptions): CursorPagePromise<MockWebhookDelivery> {
    return requestCursorPage(() => this._client.call(mock.webhookDeliveries.list, { query }, options));
  }
}

/** The plan of a /v2 tenant: how many cameras, which features. */
export class MockVideoTenants extends APIResource {
  /** Change a /v2 tenant's plan (camera_limit, features). */
  update(tenantId: string, body: MockVideoTenantUpdateParams, options?: RequestOptions): APIPromise<VideoTenantPlan> {
    return this._client.call(mock.videoTenants.update, { params: { tenant_id: tenantId }, body }, options);
  }
}

/** Detection events recorded as if a camera saw them. */
export class MockVideoEvents extends APIResource {
  /** Record a detection event as if the camera saw it (tenant from the camera). */
  create(body: MockVideoEventCreateParams, options?: RequestOptions): APIPromise<VideoEvent> {
    return this._client.call(mock.videoEvents.create, { body }, options);
  }
}

/** Control routes of the reference server: reset, state, clock, faults, quotas. */
export class Mock extends APIResource {
  readonly dashboard = new MockDashboard(this._client);
  readonly state = new MockState(this._client);
  readonly requests = new MockRequests(this._client);
  readonly bucketNames = new MockBucketNames(this._client);
  readonly clock = new MockClock(this._client);
  readonly faults = new MockFaults(this._client);
  readonly quotas = new MockQuotas(this._client);
  readonly webhookDeliveries = new MockWebhookDeliveries(this._client);
  readonly videoTenants = new MockVideoTenants(this._client);
  readonly videoEvents = new MockVideoEvents(this._client);

  /** Empty the state and the request journal (the server secret and seed rules stay). */
  reset(options?: RequestOptions): APIPromise<MockResetResponse> {
    return this._client.call(mock.reset, {}, options);
  }
}
