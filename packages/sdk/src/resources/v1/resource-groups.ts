import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { ResourceGroupCreateParams, ResourceGroupsListParams } from '../../generated/types';

/** Resource groups of the client's project (`/api/v1/resource-groups`). */
export class ResourceGroups extends APIResource {
  /** Groups of the project, oldest first, filtered by `region` or `name`. */
  list(query?: ResourceGroupsListParams, options?: RequestOptions) {
    return this._client.list(v1.resourceGroups.list, { query }, options);
  }

  /**
   * Creates a group; names are unique in the project, case-insensitively. Place instances in
   * it with `resource_group_id` on `instances.create`.
   *
   * @example
   * const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { team: 'core' } });
   */
  create(body: ResourceGroupCreateParams, options?: RequestOptions) {
    return this._client.call(v1.resourceGroups.create, { body }, options);
  }
}
