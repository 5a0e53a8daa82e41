import { NimbusError } from '../../core/errors';
import { pollUntil, type WaitOptions } from '../../core/wait';
import { DrPlansBase } from '../../generated/resources/v1/dr-plans';
import type { DrPlan, DrPlanStatus } from '../../generated/types';

/** Disaster-recovery plans (`/api/v1/dr/plans`). */
export class DrPlans extends DrPlansBase {
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
