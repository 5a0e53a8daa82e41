import type { DrDrill, DrExecution, DrPlan, DrStep, DrStepAction } from '@nimbus/sdk/contract';
import type { Runtime } from '../../../core/services/runtime';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

export type DrPlanRow = DrPlan & StoredRecord;

export const drPlans = defineTable<DrPlanRow>('dr_plans');

export const PLAN_TYPE = 'dr.plan';

/** How long each action takes in a drill's simulation, in seconds. */
const SIMULATED_SECONDS: Record<DrStepAction, number> = {
  failover_database: 120,
  promote_replica: 90,
  switch_dns: 60,
  scale_out: 180,
  run_script: 45,
  notify: 5,
};

/**
 * A drill: every step's simulated outcome and duration, worked out from the plan alone. No
 * resource is read or changed; the plan's `drilling` state ends one transition later.
 */
export function simulateDrill(plan: DrPlanRow, now: string): DrDrill {
  const steps = plan.steps.map((step) => ({
    step_id: step.id,
    order: step.order,
    name: step.name,
    action: step.action,
    target_id: step.target_id,
    outcome: 'succeeded' as const,
    duration_sec: SIMULATED_SECONDS[step.action],
  }));
  const total = steps.reduce((sum, step) => sum + step.duration_sec, 0);
  return {
    id: crypto.randomUUID(),
    plan_id: plan.id,
    status: 'running',
    started_at: now,
    finished_at: null,
    total_duration_sec: total,
    rto_met: total <= plan.rto_minutes * 60,
    steps,
  };
}

/** An execution about to run `steps` in order: the first starts now, the others wait. */
export function startExecution(steps: readonly DrStep[], now: string): DrExecution {
  return {
    id: crypto.randomUUID(),
    status: 'running',
    started_at: now,
    finished_at: null,
    steps: steps.map((step, i) => ({
      step_id: step.id,
      order: step.order,
      name: step.name,
      action: step.action,
      target_id: step.target_id,
      status: i === 0 ? 'running' : 'pending',
      outcome: null,
      started_at: i === 0 ? now : null,
      finished_at: null,
    })),
  };
}

/**
 * One step per transition: an execution of n steps is planned as n-1 `executing -> executing`
 * transitions and a final `executing -> completed`, so each step's start and end fall on the
 * simulated clock, one transition delay apart, in order.
 */
export function executionTransitions(stepCount: number): string[] {
  return [...Array.from({ length: stepCount - 1 }, () => 'executing'), 'completed'];
}

/** Moves drills and executions along as the plan's transitions settle. */
export function followRuns(runtime: Runtime): void {
  runtime.lifecycle.on(drPlans.name, ({ record, from, to, at }) => {
    const plan = record as DrPlanRow;
    const iso = runtime.clock.iso(at);
    const table = runtime.store.table(drPlans);
    if (from === 'drilling' && plan.last_drill) {
      table.update(
        plan.id,
        { last_drill: { ...plan.last_drill, status: 'completed', finished_at: iso } },
        iso,
      );
    }
    if (from === 'executing' && plan.last_execution) {
      table.update(plan.id, { last_execution: advance(plan.last_execution, iso, to === 'completed') }, iso);
    }
    if (from !== to) {
      runtime.publish({
        type: `${PLAN_TYPE}.${to}`,
        subject: `/projects/${plan.project_id}/${PLAN_TYPE}/${plan.id}`,
        project_id: plan.project_id,
        data: { ...plan },
      });
    }
  });
}

/** Finishes the running step and starts the next one (or finishes the execution). */
function advance(execution: DrExecution, at: string, last: boolean): DrExecution {
  const steps = execution.steps.map((step) => ({ ...step }));
  const running = steps.find((step) => step.status === 'running');
  if (running) Object.assign(running, { status: 'succeeded', outcome: 'succeeded', finished_at: at });
  const next = steps.find((step) => step.status === 'pending');
  if (next && !last) Object.assign(next, { status: 'running', started_at: at });
  return last ? { ...execution, steps, status: 'succeeded', finished_at: at } : { ...execution, steps };
}
