// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { FunctionCreateParams, FunctionInvocation, FunctionInvokeParams, FunctionListParams, FunctionRecord, FunctionTrigger, FunctionTriggerCreateParams, FunctionTriggerListParams, FunctionUpdateParams } from '../../types';

/** What runs a function: HTTP, a schedule or a topic. */
export class FunctionTriggers extends APIResource {
  /** List the triggers of a function. */
  list(functionId: string, query?: FunctionTriggerListParams, options?: RequestOptions): PagePromise<FunctionTrigger> {
    return this._client.list(v1.functions.triggers.list, { params: { id: functionId }, query }, options);
  }

  /**
   * Add an http, schedule or topic trigger to a function.
   *
   * @example
   * await client.functions.triggers.create(fn.id, { type: 'schedule', schedule: '0 9 * * MON-FRI' });
   */
  create(functionId: string, body: FunctionTriggerCreateParams, options?: RequestOptions): APIPromise<FunctionTrigger> {
    return this._client.call(v1.functions.triggers.create, { params: { id: functionId }, body }, options);
  }
}

/** Serverless functions: deploy, invoke and trigger. */
export class FunctionsBase extends APIResource {
  readonly triggers = new FunctionTriggers(this._client);

  /** List functions. */
  list(query?: FunctionListParams, options?: RequestOptions): PagePromise<FunctionRecord> {
    return this._client.list(v1.functions.list, { query }, options);
  }

  /**
   * Create a function (deploying -> active).
   *
   * @example
   * const fn = await client.functions.create({ name: 'resize', runtime: 'nodejs20', region: 'hn' });
   * await client.functions.waitFor(fn.id, 'active');
   */
  create(body: FunctionCreateParams, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.create, { body }, options);
  }

  /** Get a function. */
  retrieve(id: string, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.retrieve, { params: { id } }, options);
  }

  /** Change a function and redeploy it (deploying -> active). */
  update(id: string, body: FunctionUpdateParams, options?: RequestOptions): APIPromise<FunctionRecord> {
    return this._client.call(v1.functions.update, { params: { id }, body }, options);
  }

  /** Delete a function and its triggers. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.functions.delete, { params: { id } }, options);
  }

  /**
   * Run an active function once and answer the invocation.
   *
   * @example
   * const run = await client.functions.invoke(fn.id, { payload: { width: 640 } });
   * console.log(run.status, run.billed_ms, run.logs.join('\n'));
   */
  invoke(id: string, body?: FunctionInvokeParams, options?: RequestOptions): APIPromise<FunctionInvocation> {
    return this._client.call(v1.functions.invoke, { params: { id }, body }, options);
  }
}
