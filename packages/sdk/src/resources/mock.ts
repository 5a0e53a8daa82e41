import { APIPromise } from '../core/api-promise';
import { APIResource } from '../core/api-resource';
import { type CursorPagePromise, requestCursorPage } from '../core/cursor-pagination';
import type { RequestOptions } from '../core/request';
import { mock } from '../generated/routes';
import type {
  BucketNameAvailability,
  ClockState,
  Fault,
  MockClockAdvanceParams,
  MockClockFreezeParams,
  MockFaultCreateParams,
  MockQuotaUpdateParams,
  MockQuotaUpdateResponse,
  MockRequestListParams,
  MockResetResponse,
  MockStateExportParams,
  MockStateImportParams,
  MockStateImportResponse,
  MockVideoEventCreateParams,
  MockVideoTenantUpdateParams,
  MockWebhookDelivery,
  MockWebhookDeliveryListParams,
  RecordedRequest,
  VideoEvent,
  VideoTenantPlan,
} from '../generated/types';

/**
 * A control route's whole answer (`{ items }`, not paged) as one page: await it for the page
 * (`data`), or `for await` it for each item, as every list of the client.
 */
function onePage<Item>(call: () => APIPromise<{ items: Item[] }>): CursorPagePromise<Item> {
  return requestCursorPage(
    () =>
      new APIPromise(
        call()
          .withResponse()
          .then((result) => ({ ...result, data: { ...result.data, next_cursor: null } })),
      ),
  );
}

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
  create(body: MockFaultCreateParams, options?: RequestOptions): APIPromise<Fault> {
    return this._client.call(mock.faults.create, { body }, options);
  }

  /**
   * The faults in force, in the order they are tried, with the uses they have left, as one page
   * (the route is not paged): await it for the page (`data`), or `for await` it for each fault.
   *
   * @example
   * for await (const fault of client.mock.faults.list()) console.log(fault.id, fault.remaining);
   */
  list(options?: RequestOptions): CursorPagePromise<Fault> {
    return onePage(() => this._client.call(mock.faults.list, {}, options));
  }

  /** Removes one fault (404 when there is none of that id). */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.faults.delete, { params: { id } }, options);
  }

  /** Removes every fault. */
  clear(options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.faults.clear, {}, options);
  }
}

/** The simulated clock of the reference server (`/__mock/clock`). */
export class MockClock extends APIResource {
  /** The simulated time, how far it is ahead of real time, and whether it is frozen. */
  retrieve(options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.retrieve, {}, options);
  }

  /** Moves the simulated clock forward; due lifecycles, billing and timers run. */
  advance(body: MockClockAdvanceParams, options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.advance, { body }, options);
  }

  /**
   * Stops simulated time (`{ frozen: true }`): every request sees the same instant and nothing
   * comes due until `advance()`; `{ frozen: false }` lets it run on from there.
   *
   * @example
   * await client.mock.clock.freeze({ frozen: true });
   * await client.mock.clock.advance({ seconds: 3600 }); // exactly one hour later, and still
   */
  freeze(body: MockClockFreezeParams, options?: RequestOptions): APIPromise<ClockState> {
    return this._client.call(mock.clock.freeze, { body }, options);
  }
}

/** The request journal of the reference server (`/__mock/requests`). */
export class MockRequests extends APIResource {
  /**
   * Recent requests (not the control routes), oldest first, credentials redacted; filtered by
   * `method`, `path` (a prefix when it ends in `*`) and `status`.
   *
   * @example
   * const { data } = await client.mock.requests.list({ method: 'POST', path: '/api/v1/instances' });
   */
  list(query?: MockRequestListParams, options?: RequestOptions): CursorPagePromise<RecordedRequest> {
    return onePage(() => this._client.call(mock.requests.list, { query }, options));
  }

  /** Empties the request journal; the state and the faults stay. */
  clear(options?: RequestOptions): APIPromise<void> {
    return this._client.call(mock.requests.clear, {}, options);
  }
}

/** Webhook deliveries of every project, as the reference server made them (`/__mock/webhooks/deliveries`). */
export class MockWebhookDeliveries extends APIResource {
  /** Every delivery attempt (Event Grid), oldest first, optionally of one project or subscription. */
  list(
    query?: MockWebhookDeliveryListParams,
    options?: RequestOptions,
  ): CursorPagePromise<MockWebhookDelivery> {
    return onePage(() => this._client.call(mock.webhookDeliveries.list, { query }, options));
  }
}

/** The whole state of the reference server (`/__mock/state`), as JSON. */
export class MockState extends APIResource {
  /**
   * The whole state. `{ include_secret: true }` adds the signing secret, so tokens issued
   * before the export stay valid after `state.import()` on another server; whoever holds such an
   * export can sign tokens for every user in it.
   */
  export(query?: MockStateExportParams, options?: RequestOptions): APIPromise<Record<string, unknown>> {
    return this._client.call(mock.state.export, { query }, options);
  }

  /** Replaces the whole state; an export with a `secret` replaces the signing secret too. */
  import(state: MockStateImportParams, options?: RequestOptions): APIPromise<MockStateImportResponse> {
    return this._client.call(mock.state.import, { body: state }, options);
  }
}

/** Whether a bucket name is free (`/__mock/bucket-names/{name}`): names are global across projects. */
export class MockBucketNames extends APIResource {
  /**
   * Whether a bucket name is free in any project: what a dry run asks before a create that
   * would collide. Says nothing else about the bucket.
   */
  retrieve(name: string, options?: RequestOptions): APIPromise<BucketNameAvailability> {
    return this._client.call(mock.bucketNames.retrieve, { params: { name } }, options);
  }
}

/** Quota limits of any project, changed from outside the API (`/__mock/quotas/{project_id}`). */
export class MockQuotas extends APIResource {
  /** Changes the limits it names (`{ limits: { instances: 200 } }`); the others keep theirs. */
  update(
    projectId: string,
    body: MockQuotaUpdateParams,
    options?: RequestOptions,
  ): APIPromise<MockQuotaUpdateResponse> {
    return this._client.call(mock.quotas.update, { params: { project_id: projectId }, body }, options);
  }
}

/** The plans of /v2 tenants (`/__mock/v2/tenants/{tenant_id}`). */
export class MockVideoTenants extends APIResource {
  /** Changes a /v2 tenant's plan: `camera_limit` and the allowed `features`. */
  update(
    tenantId: string,
    body: MockVideoTenantUpdateParams,
    options?: RequestOptions,
  ): APIPromise<VideoTenantPlan> {
    return this._client.call(mock.videoTenants.update, { params: { tenant_id: tenantId }, body }, options);
  }
}

/** Detection events recorded as if a camera saw them (`/__mock/v2/events`). */
export class MockVideoEvents extends APIResource {
  /** Records a detection event as if the camera saw it; it is stored and streamed like any other. */
  create(body: MockVideoEventCreateParams, options?: RequestOptions): APIPromise<VideoEvent> {
    return this._client.call(mock.videoEvents.create, { body }, options);
  }
}

/** The dashboard of the reference server (`/__mock/ui`). */
export class MockDashboard extends APIResource {
  /**
   * The HTML of the dashboard, with the control token as a header. A browser opens
   * `<baseUrl>/__mock/ui`, with `?token=<control token>` when the server has one.
   */
  retrieve(options?: RequestOptions): APIPromise<string> {
    return this._client.call(mock.dashboard.retrieve, {}, options);
  }
}

/**
 * Control routes of the reference server (`/__mock/*`, docs/decisions/0007-mock-control.md): reset, state,
 * simulated clock, fault injection and quotas. Not part of either API; a real deployment
 * answers them with 404.
 */
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

  /** Empties the state and the request journal; the server secret and seed rules stay. */
  reset(options?: RequestOptions): APIPromise<MockResetResponse> {
    return this._client.call(mock.reset, {}, options);
  }
}
