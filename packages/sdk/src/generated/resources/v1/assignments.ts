// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Assignment, AssignmentCreateParams, AssignmentListParams } from '../../types';

/** Policies assigned to a scope. */
export class Assignments extends APIResource {
  /** List policy assignments of the project. */
  list(query?: AssignmentListParams, options?: RequestOptions): PagePromise<Assignment> {
    return this._client.list(v1.assignments.list, { query }, options);
  }

  /**
   * Assign a policy to the project, a resource group or a resource; it is enforced from then on.
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
