// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ResourceGroup, ResourceGroupCreateParams, ResourceGroupListParams } from '../../types';

/** Groups that organise the resources of a project. */
export class ResourceGroups extends APIResource {
  /** List resource groups. */
  list(query?: ResourceGroupListParams, options?: RequestOptions): PagePromise<ResourceGroup> {
    return this._client.list(v1.resourceGroups.list, { query }, options);
  }

  /**
   * Create a resource group (instances join it through resource_group_id).
   *
   * @example
   * const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { team: 'core' } });
   */
  create(body: ResourceGroupCreateParams, options?: RequestOptions): APIPromise<ResourceGroup> {
    return this._client.call(v1.resourceGroups.create, { body }, options);
  }
}
