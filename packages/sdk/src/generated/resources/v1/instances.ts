// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Instance, InstanceCreateParams, InstanceListParams } from '../../types';

/** Virtual machines: create, start, stop and delete. */
export class InstancesBase extends APIResource {
  /**
   * List instances.
   *
   * @example
   * const page = await client.instances.list({ status: 'running', per_page: 10 });
   * for await (const vm of client.instances.list({ region: 'hn' })) console.log(vm.id);
   */
  list(query?: InstanceListParams, options?: RequestOptions): PagePromise<Instance> {
    return this._client.list(v1.instances.list, { query }, options);
  }

  /** Create an instance (provisioning -> running). */
  create(body: InstanceCreateParams, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.create, { body }, options);
  }

  /** Get an instance. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.retrieve, { params: { id } }, options);
  }

  /** Delete an instance. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.instances.delete, { params: { id } }, options);
  }

  /** Start a stopped instance (stopped -> starting -> running). */
  start(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.start, { params: { id } }, options);
  }

  /** Stop a running instance (running -> stopping -> stopped). */
  stop(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.stop, { params: { id } }, options);
  }
}
