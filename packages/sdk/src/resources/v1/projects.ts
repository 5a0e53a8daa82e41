import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  Delegation,
  PageParams,
  Project,
  ProjectCreateParams,
  ProjectDelegateParams,
} from '../../generated/types';

/** Projects the caller belongs to (`/api/v1/projects`). The project id goes in the path, not `X-Project-ID`. */
export class Projects extends APIResource {
  /** Projects the caller is a member of, oldest first; `for await` it to walk every page. */
  list(query?: PageParams, options?: RequestOptions): PagePromise<Project> {
    return this._client.list(v1.projects.list, { query }, options);
  }

  /** Creates a project; the caller becomes its owner. */
  create(body: ProjectCreateParams, options?: RequestOptions): APIPromise<Project> {
    return this._client.call(v1.projects.create, { body }, options);
  }

  /** Grants `role` to a member of project `id`, optionally until `expires_at`. */
  delegate(id: string, body: ProjectDelegateParams, options?: RequestOptions): APIPromise<Delegation> {
    return this._client.call(v1.projects.delegate, { params: { id }, body }, options);
  }
}
