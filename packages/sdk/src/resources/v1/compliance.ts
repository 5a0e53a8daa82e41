import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  ComplianceEvaluateParams,
  ComplianceForPolicyParams,
  ComplianceListParams,
  ComplianceResult,
} from '../../generated/types';

/** Compliance results of the client's project (`/api/v1/compliance`). */
export class Compliance extends APIResource {
  /** Results, oldest first, filtered by `compliant`, `policy_id`, `resource_type` or `resource_id`. */
  list(query?: ComplianceListParams, options?: RequestOptions): PagePromise<ComplianceResult> {
    return this._client.list(v1.compliance.list, { query }, options);
  }

  /**
   * Evaluates a policy against a stored resource and records the result.
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

  /** Results of one policy (404 for a policy the project cannot see). */
  forPolicy(
    policyId: string,
    query?: ComplianceForPolicyParams,
    options?: RequestOptions,
  ): PagePromise<ComplianceResult> {
    return this._client.list(v1.compliance.forPolicy, { params: { policyId }, query }, options);
  }
}
