import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Registry, RegistryCreateParams, RegistryListParams } from '../../generated/types';

/** Container registries of the client's project (`/api/v1/registries`). Names are global. */
export class Registries extends APIResource {
  /** Registries of the project, oldest first, filtered by `region`, `sku` or `name`. */
  list(query?: RegistryListParams, options?: RequestOptions): PagePromise<Registry> {
    return this._client.list(v1.registries.list, { query }, options);
  }

  /**
   * Creates a registry; the name is unique across every project (`ConflictError` when taken).
   *
   * @example
   * const registry = await client.registries.create({ name: 'acmeimages', region: 'hn', sku: 'standard' });
   */
  create(body: RegistryCreateParams, options?: RequestOptions): APIPromise<Registry> {
    return this._client.call(v1.registries.create, { body }, options);
  }
}
