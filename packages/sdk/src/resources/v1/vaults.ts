import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Vault, VaultCreateParams, VaultListParams } from '../../generated/types';

/** Key vaults of the client's project (`/api/v1/vaults`). */
export class Vaults extends APIResource {
  /** Vaults of the project, oldest first, filtered by `region`, `sku` or `name`. */
  list(query?: VaultListParams, options?: RequestOptions): PagePromise<Vault> {
    return this._client.list(v1.vaults.list, { query }, options);
  }

  /**
   * Creates a vault; initial secrets are stored sealed and listed by name and version only.
   *
   * @example
   * await client.vaults.create({ name: 'acme-prod', region: 'hn', secrets: { 'db-password': 's3cret' } });
   */
  create(body: VaultCreateParams, options?: RequestOptions): APIPromise<Vault> {
    return this._client.call(v1.vaults.create, { body }, options);
  }
}
