// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { ComplianceEvaluateParams, ComplianceForPolicyParams, ComplianceListParams, ComplianceResult } from '../../types';

/** Which resources comply with the assigned policies. */
export class Compliance extends APIResource {
  /** Compliance results of the project, oldest first. */
  list(query?: ComplianceListParams, options?: RequestOptions): PagePromise<ComplianceResult> {
    return this._client.list(v1.compliance.list, { query }, options);
  }

  /**
   * Evaluate a policy against a stored resource and record the result.
   *
   * @example
   * const result = await client.compliance.evaluate({
   *   policy_id: policy.id,
   *   resource_type: 'compute.instance',
   *   resource_id: vm.id,
   * });
   * if (!result.compliant) console.log(result.reason);
   */
  evaluate(body: ComplianceEvaluateParams, options?: RequestOptions): APIPromise<ComplianceResult> {
    return this._client.call(v1.compliance.evaluate, { body }, options);
  }

  /** Compliance results of one policy (404 for an unknown policy). */
  forPolicy(policyId: string, query?: ComplianceForPolicyParams, options?: RequestOptions): PagePromise<ComplianceResult> {
    return this._client.list(v1.compliance.forPolicy, { params: { policyId }, query }, options);
  }
}
