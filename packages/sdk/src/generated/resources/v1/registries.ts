// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Registry, RegistryCreateParams, RegistryListParams } from '../../types';

/** Container registries. */
export class Registries extends APIResource {
  /** List container registries. */
  list(query?: RegistryListParams, options?: RequestOptions): PagePromise<Registry> {
    return this._client.list(v1.registries.list, { query }, options);
  }

  /**
   * Create a container registry.
   *
   * @example
   * const registry = await client.registries.create({ name: 'acmeimages', region: 'hn', sku: 'standard' });
   */
  create(body: RegistryCreateParams, options?: RequestOptions): APIPromise<Registry> {
    return this._client.call(v1.registries.create, { body }, options);
  }
}
