import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Policy, PolicyCreateParams, PolicyListParams, PolicyUpdateParams } from '../../generated/types';

/**
 * Policy definitions (`/api/v1/policies`): the platform's builtins plus the project's custom
 * ones. A definition is a JSON rule (see `parsePolicyRule` in `@nimbus/sdk/contract`); it acts
 * once assigned (`client.assignments`).
 */
export class Policies extends APIResource {
  /** Builtins first, then the project's own, filtered by `type`, `category`, `enforcement_mode`, `severity` or `name`. */
  list(query?: PolicyListParams, options?: RequestOptions): PagePromise<Policy> {
    return this._client.list(v1.policies.list, { query }, options);
  }

  /**
   * Creates a custom policy (`enforcement_mode` audit, `severity` medium by default).
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

  retrieve(id: string, options?: RequestOptions): APIPromise<Policy> {
    return this._client.call(v1.policies.retrieve, { params: { id } }, options);
  }

  /** Changes the given fields of a custom policy; builtins answer 403. */
  update(id: string, body: PolicyUpdateParams, options?: RequestOptions): APIPromise<Policy> {
    return this._client.call(v1.policies.update, { params: { id }, body }, options);
  }

  /** Deletes a custom policy with its assignments and results; builtins answer 403. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.policies.delete, { params: { id } }, options);
  }
}
