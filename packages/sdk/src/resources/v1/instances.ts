import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  Instance,
  InstanceCreateParams,
  InstanceListParams,
  InstanceStatus,
} from '../../generated/types';

/** Virtual machines of the client's project (`/api/v1/instances`). */
export class Instances extends APIResource {
  /**
   * Instances of the project, oldest first, filtered by `status`, `region`, `flavor` or `name`.
   *
   * @example
   * const page = await client.instances.list({ status: 'running', per_page: 10 });
   * for await (const vm of client.instances.list({ region: 'hn' })) console.log(vm.id);
   */
  list(query?: InstanceListParams, options?: RequestOptions): PagePromise<Instance> {
    return this._client.list(v1.instances.list, { query }, options);
  }

  /** Creates an instance; it starts in `provisioning` and becomes `running` (see `waitFor`). */
  create(body: InstanceCreateParams, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.retrieve, { params: { id } }, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.instances.delete, { params: { id } }, options);
  }

  /** Starts a stopped instance: `stopped -> starting -> running`. */
  start(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.start, { params: { id } }, options);
  }

  /** Stops a running instance: `running -> stopping -> stopped`. */
  stop(id: string, options?: RequestOptions): APIPromise<Instance> {
    return this._client.call(v1.instances.stop, { params: { id } }, options);
  }

  /**
   * Polls the instance until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes); `lastValue` is the last instance seen.
   * @example
   * const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
   * const running = await client.instances.waitFor(vm.id, 'running', { timeoutMs: 60_000 });
   */
  waitFor(
    id: string,
    status: InstanceStatus | InstanceStatus[],
    options: WaitOptions = {},
  ): Promise<Instance> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (instance) => wanted.includes(instance.status),
      `instance ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
