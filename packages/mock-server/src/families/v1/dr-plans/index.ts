import { drPlans as drPlansEndpoints } from '@nimbus/sdk/contract/v1/dr-plans';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { assertState, createInProject, emit, findInProject } from '../../../core/pipeline/resources';
import { quotaResources } from '../../../core/services/quotas';
import { drPlans, executionTransitions, followRuns, PLAN_TYPE, simulateDrill, startExecution } from './runs';

quotaResources.add(drPlans.name);

export const drPlansFamily: FamilyModule = {
  setup(runtime) {
    runtime.lifecycle.register(drPlans);
    followRuns(runtime);
  },

  handlers: defineHandlers(drPlansEndpoints, {
    list(ctx) {
      const { id, status, primary_region, secondary_region, name } = ctx.query;
      const rows = ctx.runtime.store.table(drPlans).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { id, status, primary_region, secondary_region, name }));
    },

    create(ctx) {
      return createInProject(
        ctx,
        drPlans,
        { ...ctx.body, status: 'draft', steps: [], drill_count: 0, last_drill: null, last_execution: null },
        { type: PLAN_TYPE },
      );
    },

    steps: {
      create(ctx) {
        const plan = findInProject(ctx, drPlans, ctx.params.id, 'DR plan');
        assertState(plan, ['draft', 'ready'], 'add a step');
        const { name, action, target_id, order } = ctx.body;
        if (order !== undefined && plan.steps.some((step) => step.order === order)) {
          throw HttpError.conflict(`The plan already has a step at order ${order}`, {
            field: 'order',
            order,
          });
        }
        const now = ctx.now();
        const step = {
          id: crypto.randomUUID(),
          order: order ?? Math.max(0, ...plan.steps.map((s) => s.order)) + 1,
          name,
          action,
          target_id: target_id ?? null,
          created_at: now,
        };
        const steps = [...plan.steps, step].sort((a, b) => a.order - b.order);
        const record = ctx.runtime.store.table(drPlans).update(plan.id, { steps, status: 'ready' }, now);
        emit(ctx, PLAN_TYPE, 'step_added', record);
        return record;
      },
    },

    drill(ctx) {
      const plan = findInProject(ctx, drPlans, ctx.params.id, 'DR plan');
      assertState(plan, ['ready'], 'drill');
      const drill = simulateDrill(plan, ctx.now());
      const record = ctx.runtime.store
        .table(drPlans)
        .update(
          plan.id,
          { status: 'drilling', last_drill: drill, drill_count: plan.drill_count + 1 },
          ctx.now(),
        );
      ctx.runtime.lifecycle.plan(drPlans, record, ['ready']);
      emit(ctx, PLAN_TYPE, 'drill_started', record);
      return drill;
    },

    execute(ctx) {
      const plan = findInProject(ctx, drPlans, ctx.params.id, 'DR plan');
      assertState(plan, ['ready'], 'execute');
      const record = ctx.runtime.store
        .table(drPlans)
        .update(
          plan.id,
          { status: 'executing', last_execution: startExecution(plan.steps, ctx.now()) },
          ctx.now(),
        );
      ctx.runtime.lifecycle.plan(drPlans, record, executionTransitions(record.steps.length));
      emit(ctx, PLAN_TYPE, 'execution_started', record);
      return record;
    },
  }),
};
