import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  CacheInstance,
  CacheInstanceCreateParams,
  CacheInstanceListParams,
  CacheInstanceScaleParams,
  CacheStatus,
} from '../../generated/types';

/** Managed Redis-type caches of the client's project (`/api/v1/cache-instances`). */
export class CacheInstances extends APIResource {
  /** Instances of the project, oldest first, filtered by `status`, `region` or `sku`. */
  list(query?: CacheInstanceListParams, options?: RequestOptions): PagePromise<CacheInstance> {
    return this._client.list(v1.cacheInstances.list, { query }, options);
  }

  /**
   * Creates an instance; it is `provisioning`, then `available`. `capacity_gb` must fit the
   * sku: Basic 1-4, Standard 1-32, Premium 6-120.
   *
   * @example
   * const cache = await client.cacheInstances.create({ name: 'sessions', region: 'hn', sku: 'Standard', capacity_gb: 8 });
   */
  create(body: CacheInstanceCreateParams, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.retrieve, { params: { id } }, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.cacheInstances.delete, { params: { id } }, options);
  }

  /**
   * Changes sku and/or capacity of an `available` instance: `available -> scaling -> available`.
   *
   * @example
   * await client.cacheInstances.scale(cache.id, { sku: 'Premium', capacity_gb: 26 });
   * await client.cacheInstances.waitFor(cache.id, 'available');
   */
  scale(id: string, body: CacheInstanceScaleParams, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.scale, { params: { id }, body }, options);
  }

  /**
   * Polls the instance until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: CacheStatus | CacheStatus[],
    options: WaitOptions = {},
  ): Promise<CacheInstance> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (cache) => wanted.includes(cache.status),
      `cache instance ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
