import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  FunctionCreateParams,
  FunctionInvocation,
  FunctionInvokeParams,
  FunctionListParams,
  FunctionRecord,
  FunctionStatus,
  FunctionTrigger,
  FunctionTriggerCreateParams,
  FunctionTriggerListParams,
  FunctionUpdateParams,
} from '../../generated/types';

/** Triggers of one function (`/api/v1/functions/{id}/triggers`): `client.functions.triggers`. */
export class FunctionTriggers extends APIResource {
  /** Triggers of function `functionId`, oldest first, optionally of one `type`. */
  list(
    functionId: string,
    query?: FunctionTriggerListParams,
    options?: RequestOptions,
  ): PagePromise<FunctionTrigger> {
    return this._client.list(v1.functions.triggers.list, { params: { id: functionId }, query }, options);
  }

  /**
   * Adds a trigger: `http` (answers the invoke `url`), `schedule` (5-field cron) or `topic`.
   *
   * @example
   * await client.functions.triggers.create(fn.id, { type: 'schedule', schedule: '0 9 * * MON-FRI' });
   */
  create(
    functionId: string,
    body: FunctionTriggerCreateParams,
    options?: RequestOptions,
  ): APIPromise<FunctionTrigger> {
    return this._client.call(v1.functions.triggers.create, { params: { id: functionId }, body }, options);
  }
}

/** Serverless functions of the client's project (`/api/v1/functions`). */
export class Functions extends APIResource {
  readonly triggers = new FunctionTriggers(this._client);

  /** Functions of the project, oldest first, filtered by `status`, `runtime`, `region` or `name`. */
  list(query?: FunctionListParams, options?: RequestOptions): PagePromise<FunctionRecord> {
    return this._client.list(v1.functions.list, { query }, options);
  }

  /**
   * Creates a function; it is `deploying`, then `active` (see `waitFor`).
   *
   * @example
   * const fn = await client.functions.create({ name: 'resize', runtime: 'nodejs20', region: 'hn' });
   * await client.functions.waitFor(fn.id, 'active');
   */
  create(body: FunctionCreateParams, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.retrieve, { params: { id } }, options);
  }

  /** Changes any of the mutable fields; the function redeploys (`deploying -> active`). */
  update(id: string, body: FunctionUpdateParams, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.update, { params: { id }, body }, options);
  }

  /** Deletes the function and its triggers. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.functions.delete, { params: { id } }, options);
  }

  /**
   * Runs an active function once; the invocation carries its result, logs and billed time.
   *
   * @example
   * const run = await client.functions.invoke(fn.id, { payload: { width: 640 } });
   * console.log(run.status, run.billed_ms, run.logs.join('\n'));
   */
  invoke(id: string, body?: FunctionInvokeParams, options?: RequestOptions): APIPromise<FunctionInvocation> {
    return this._client.call(v1.functions.invoke, { params: { id }, body }, options);
  }

  /**
   * Polls the function until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: FunctionStatus | FunctionStatus[],
    options: WaitOptions = {},
  ): Promise<FunctionRecord> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (fn) => wanted.includes(fn.status),
      `function ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
