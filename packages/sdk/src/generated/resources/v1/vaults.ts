// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Vault, VaultCreateParams, VaultListParams } from '../../types';

/** Key vaults for secrets. */
export class Vaults extends APIResource {
  /** List key vaults. */
  list(query?: VaultListParams, options?: RequestOptions): PagePromise<Vault> {
    return this._client.list(v1.vaults.list, { query }, options);
  }

  /**
   * Create a key vault, optionally with initial secrets (shown by name and version only).
   *
   * @example
   * await client.vaults.create({ name: 'acme-prod', region: 'hn', secrets: { 'db-password': 's3cret' } });
   */
  create(body: VaultCreateParams, options?: RequestOptions): APIPromise<Vault> {
    return this._client.call(v1.vaults.create, { body }, options);
  }
}
