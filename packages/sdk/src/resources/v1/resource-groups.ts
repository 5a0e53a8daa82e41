import { v1 } from '../../contract';
import type { BodyOf, QueryOf } from '../../contract/define';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';

/** Resource groups of the client's project (`/api/v1/resource-groups`). */
export class ResourceGroups extends APIResource {
  /** Groups of the project, oldest first, filtered by `region` or `name`. */
  list(query?: QueryOf<typeof v1.resourceGroups.list>, options?: RequestOptions) {
    return this._client.list(v1.resourceGroups.list, { query }, options);
  }

  /**
   * Creates a group; names are unique in the project, case-insensitively. Place instances in
   * it with `resource_group_id` on `instances.create`.
   *
   * @example
   * const group = await client.resourceGroups.create({ name: 'prod', region: 'hn', tags: { team: 'core' } });
   */
  create(body: BodyOf<typeof v1.resourceGroups.create>, options?: RequestOptions) {
    return this._client.call(v1.resourceGroups.create, { body }, options);
  }
}
