// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { CacheInstance, CacheInstanceCreateParams, CacheInstanceListParams, CacheInstanceScaleParams } from '../../types';

/** Managed Redis-compatible caches. */
export class CacheInstancesBase extends APIResource {
  /** List cache instances. */
  list(query?: CacheInstanceListParams, options?: RequestOptions): PagePromise<CacheInstance> {
    return this._client.list(v1.cacheInstances.list, { query }, options);
  }

  /**
   * Create a cache instance (provisioning -> available).
   *
   * @example
   * const cache = await client.cacheInstances.create({ name: 'sessions', region: 'hn', sku: 'Standard', capacity_gb: 8 });
   */
  create(body: CacheInstanceCreateParams, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.create, { body }, options);
  }

  /** Get a cache instance. */
  retrieve(id: string, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.retrieve, { params: { id } }, options);
  }

  /** Delete a cache instance. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.cacheInstances.delete, { params: { id } }, options);
  }

  /**
   * Change the sku or capacity of an available instance (available -> scaling -> available).
   *
   * @example
   * await client.cacheInstances.scale(cache.id, { sku: 'Premium', capacity_gb: 26 });
   * await client.cacheInstances.waitFor(cache.id, 'available');
   */
  scale(id: string, body: CacheInstanceScaleParams, options?: RequestOptions): APIPromise<CacheInstance> {
    return this._client.call(v1.cacheInstances.scale, { params: { id }, body }, options);
  }
}
