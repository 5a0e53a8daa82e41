import { v1 } from '../../contract';
import type { BodyOf, QueryOf } from '../../contract/define';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';

/** Compliance results of the client's project (`/api/v1/compliance`). */
export class Compliance extends APIResource {
  /** Results, oldest first, filtered by `compliant`, `policy_id`, `resource_type` or `resource_id`. */
  list(query?: QueryOf<typeof v1.compliance.list>, options?: RequestOptions) {
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
  evaluate(body: BodyOf<typeof v1.compliance.evaluate>, options?: RequestOptions) {
    return this._client.call(v1.compliance.evaluate, { body }, options);
  }

  /** Results of one policy (404 for a policy the project cannot see). */
  forPolicy(policyId: string, query?: QueryOf<typeof v1.compliance.forPolicy>, options?: RequestOptions) {
    return this._client.list(v1.compliance.forPolicy, { params: { policyId }, query }, options);
  }
}
