import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  ResourceGroup,
  ResourceGroupCreateParams,
  ResourceGroupListParams,
} from '../../generated/types';

/** Resource groups of the client's project (`/api/v1/resource-groups`). */
export class ResourceGroups extends APIResource {
  /** Groups of the project, oldest first, filtered by `region` or `name`. */
  list(query?: ResourceGroupListParams, options?: RequestOptions): PagePromise<ResourceGroup> {
    return this._client.list(v1.resourceGroups.list, { query }, options);
  }

  /**
   * Creates a group; names are unique in the project, case-insensitively. Place instances in
   * it with `resource_group_id` on `instances.create`.
   *
   * @example
   * const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { team: 'core' } });
   */
  create(body: ResourceGroupCreateParams, options?: RequestOptions): APIPromise<ResourceGroup> {
    return this._client.call(v1.resourceGroups.create, { body }, options);
  }
}
