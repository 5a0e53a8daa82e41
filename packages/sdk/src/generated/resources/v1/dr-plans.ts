// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { DrDrill, DrPlan, DrPlanCreateParams, DrPlanListParams, DrPlanStepCreateParams } from '../../types';

/** Steps of a disaster-recovery plan. */
export class DrPlanSteps extends APIResource {
  /**
   * Add a step to a plan; a draft plan becomes ready. Answers the plan with its steps.
   *
   * @example
   * await client.drPlans.steps.create(plan.id, { name: 'Fail over orders', action: 'failover_database', target_id: db.id });
   */
  create(planId: string, body: DrPlanStepCreateParams, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.steps.create, { params: { id: planId }, body }, options);
  }
}

/** Disaster-recovery plans: steps, drills and execution. */
export class DrPlansBase extends APIResource {
  readonly steps = new DrPlanSteps(this._client);

  /** List disaster-recovery plans. */
  list(query?: DrPlanListParams, options?: RequestOptions): PagePromise<DrPlan> {
    return this._client.list(v1.drPlans.list, { query }, options);
  }

  /**
   * Create a disaster-recovery plan (status draft until it has steps).
   *
   * @example
   * const plan = await client.drPlans.create({ name: 'hn-outage', primary_region: 'hn', secondary_region: 'hcm' });
   */
  create(body: DrPlanCreateParams, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.create, { body }, options);
  }

  /**
   * Rehearse a ready plan (ready -> drilling -> ready) without touching any resource.
   *
   * Answers the drill record: every step's simulated outcome and duration.
   */
  drill(id: string, options?: RequestOptions): APIPromise<DrDrill> {
    return this._client.call(v1.drPlans.drill, { params: { id } }, options);
  }

  /** Execute a ready plan (ready -> executing -> completed); steps run in order. */
  execute(id: string, options?: RequestOptions): APIPromise<DrPlan> {
    return this._client.call(v1.drPlans.execute, { params: { id } }, options);
  }
}
