// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Delegation, PageParams, Project, ProjectCreateParams, ProjectDelegateParams } from '../../types';

/** Projects you belong to, and delegation of their members. */
export class Projects extends APIResource {
  /** Projects the caller is a member of. */
  list(query?: PageParams, options?: RequestOptions): PagePromise<Project> {
    return this._client.list(v1.projects.list, { query }, options);
  }

  /** Create a project; the caller becomes its owner. */
  create(body: ProjectCreateParams, options?: RequestOptions): APIPromise<Project> {
    return this._client.call(v1.projects.create, { body }, options);
  }

  /** Grant a role to a member, optionally until expires_at. */
  delegate(id: string, body: ProjectDelegateParams, options?: RequestOptions): APIPromise<Delegation> {
    return this._client.call(v1.projects.delegate, { params: { id }, body }, options);
  }
}
