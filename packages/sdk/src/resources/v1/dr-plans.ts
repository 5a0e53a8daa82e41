import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import { NimbusError } from '../../core/errors';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { v1 } from '../../generated/routes';
import type {
  DrDrill,
  DrPlan,
  DrPlanCreateParams,
  DrPlanListParams,
  DrPlanStatus,
  DrPlanStepCreateParams,
} from '../../generated/types';

/** Steps of a disaster-recovery plan (`/api/v1/dr/plans/{id}/steps`). */
export class DrPlanSteps extends APIResource {
  /**
   * Appends a step (or places it at `order`) and answers the plan with its steps.
   *
   * @example
   * await client.drPlans.steps.create(plan.id, { name: 'Fail over orders', action: 'failover_database', target_id: db.id });
   */
  create(planId: string, body: DrPlanStepCreateParams, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.steps.create, { params: { id: planId }, body }, options);
  }
}

/** Disaster-recovery plans (`/api/v1/dr/plans`). */
export class DrPlans extends APIResource {
  readonly steps = new DrPlanSteps(this._client);

  /** Plans of the project, oldest first, filtered by `id`, `status`, `primary_region`, `secondary_region` or `name`. */
  list(query?: DrPlanListParams, options?: RequestOptions): PagePromise<DrPlan> {
    return this._client.list(v1.drPlans.list, { query }, options);
  }

  /**
   * Creates a plan in `draft`; it becomes `ready` with its first step.
   *
   * @example
   * const plan = await client.drPlans.create({ name: 'hn-outage', primary_region: 'hn', secondary_region: 'hcm' });
   */
  create(body: DrPlanCreateParams, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.create, { body }, options);
  }

  /** Rehearses a `ready` plan without touching any resource and answers the drill record. */
  drill(id: string, options?: RequestOptions): APIPromise<DrDrill> {
    return this._client.call(v1.drPlans.drill, { params: { id } }, options);
  }

  /** Executes a `ready` plan: `executing`, its steps in order, then `completed`. */
  execute(id: string, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.execute, { params: { id } }, options);
  }

  /**
   * Polls the plan until its status is `status` (or one of several), and returns it. The API
   * has no single-plan read, so this polls the list filtered by `id`.
   *
   * @throws NimbusError when the plan is not in the project; WaitTimeoutError after `timeoutMs`.
   */
  waitFor(id: string, status: DrPlanStatus | DrPlanStatus[], options: WaitOptions = {}): Promise<DrPlan> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      async () => {
        const page = await this.list({ id, per_page: 1 }, { signal: options.signal });
        const plan = page.data[0];
        if (!plan) throw new NimbusError(`DR plan ${id} is not in the project`);
        return plan;
      },
      (plan) => wanted.includes(plan.status),
      `DR plan ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
