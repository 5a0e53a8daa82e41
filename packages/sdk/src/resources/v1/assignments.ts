import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Assignment, AssignmentCreateParams, AssignmentListParams } from '../../generated/types';

/** Policy assignments of the client's project (`/api/v1/assignments`): what makes a policy enforced. */
export class Assignments extends APIResource {
  /** Assignments, oldest first, filtered by `policy_id`, `scope` or `scope_id`. */
  list(query?: AssignmentListParams, options?: RequestOptions): PagePromise<Assignment> {
    return this._client.list(v1.assignments.list, { query }, options);
  }

  /**
   * Assigns a policy to the project, a resource group or one resource, with parameter values.
   *
   * @example
   * await client.assignments.create({
   *   policy_id: allowedRegions.id,
   *   scope: 'project',
   *   parameters: JSON.stringify({ allowedRegions: ['hn'] }),
   * });
   */
  create(body: AssignmentCreateParams, options?: RequestOptions): APIPromise<Assignment> {
    return this._client.call(v1.assignments.create, { body }, options);
  }
}
