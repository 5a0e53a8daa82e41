import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { AssignmentCreateParams, AssignmentListParams } from '../../generated/types';

/** Policy assignments of the client's project (`/api/v1/assignments`): what makes a policy enforced. */
export class Assignments extends APIResource {
  /** Assignments, oldest first, filtered by `policy_id`, `scope` or `scope_id`. */
  list(query?: AssignmentListParams, options?: RequestOptions) {
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
  create(body: AssignmentCreateParams, options?: RequestOptions) {
    return this._client.call(v1.assignments.create, { body }, options);
  }
}
