// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Policy, PolicyCreateParams, PolicyListParams, PolicyUpdateParams } from '../../types';

/** Governance policies: rules resources must follow. */
export class Policies extends APIResource {
  /** List policy definitions: the builtins, then the project's own. */
  list(query?: PolicyListParams, options?: RequestOptions): PagePromise<Policy> {
    return this._client.list(v1.policies.list, { query }, options);
  }

  /**
   * Create a custom policy definition.
   *
   * @example
   * const policy = await client.policies.create({
   *   name: 'no-xlarge',
   *   enforcement_mode: 'deny',
   *   definition: JSON.stringify({
   *     if: { allOf: [{ field: 'type', equals: 'compute.instance' }, { field: 'flavor', equals: 'xlarge' }] },
   *   }),
   * });
   */
  create(body: PolicyCreateParams, options?: RequestOptions): APIPromise<Policy> {
    return this._client.call(v1.policies.create, { body }, options);
  }

  /** Get a policy definition. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Policy> {
    return this._client.call(v1.policies.retrieve, { params: { id } }, options);
  }

  /** Update a custom policy (builtins: 403); fields left out keep their value. */
  update(id: string, body: PolicyUpdateParams, options?: RequestOptions): APIPromise<Policy> {
    return this._client.call(v1.policies.update, { params: { id }, body }, options);
  }

  /** Delete a custom policy with its assignments and results (builtins: 403). */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.policies.delete, { params: { id } }, options);
  }
}
