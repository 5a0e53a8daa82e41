import type { FunctionRecord, FunctionTrigger } from '@nimbus/sdk/contract';
import { functions as functionsEndpoints } from '@nimbus/sdk/contract/v1/functions';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import {
  admit,
  assertState,
  createInProject,
  emit,
  findInProject,
  removeRecord,
} from '../../../core/pipeline/resources';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';
import { publishTransitions } from '../support/transition-events';
import { functionInvocations, simulateRun } from './runs';

export type FunctionRow = FunctionRecord & StoredRecord;

export type TriggerRow = FunctionTrigger & StoredRecord;

const nameKey = (projectId: string, name: string) => `${projectId}/${name}`;

/** Function names are unique within a project. */
export const functions = defineTable<FunctionRow>('functions', {
  unique: { name: (row) => nameKey(row.project_id, row.name) },
});
export const functionTriggers = defineTable<TriggerRow>('function_triggers');

const TYPE = 'serverless.function';

function assertNameFree(ctx: Context, name: string): void {
  if (ctx.runtime.store.table(functions).byKey('name', nameKey(ctx.projectId, name))) {
    throw HttpError.conflict(`A function named ${name} already exists in this project`, { field: 'name' });
  }
}

export const functionsFamily: FamilyModule = {
  setup(runtime) {
    publishTransitions(runtime, functions, TYPE);
  },

  handlers: defineHandlers(functionsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(functions).list(ctx.projectId);
      const { status, runtime, region, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { status, runtime, region, name }));
    },

    create(ctx) {
      assertNameFree(ctx, ctx.body.name);
      const record = createInProject(
        ctx,
        functions,
        { ...ctx.body, status: 'deploying', version: 1 },
        { type: TYPE },
      );
      ctx.runtime.lifecycle.plan(functions, record, ['active']);
      return record;
    },

    retrieve: (ctx) => findInProject(ctx, functions, ctx.params.id, 'Function'),

    update(ctx) {
      const record = findInProject(ctx, functions, ctx.params.id, 'Function');
      const changes = Object.fromEntries(Object.entries(ctx.body).filter(([, v]) => v !== undefined));
      if (ctx.body.name !== undefined && ctx.body.name !== record.name) assertNameFree(ctx, ctx.body.name);
      admit(ctx, TYPE, { ...record, ...changes });
      // Every change is a new deployment: the function is unavailable until it is active again.
      const updated = ctx.runtime.store
        .table(functions)
        .update(record.id, { ...changes, status: 'deploying', version: record.version + 1 }, ctx.now());
      ctx.runtime.lifecycle.plan(functions, updated, ['active']);
      emit(ctx, TYPE, 'updated', updated);
      return updated;
    },

    delete(ctx) {
      const record = findInProject(ctx, functions, ctx.params.id, 'Function');
      ctx.runtime.store
        .table(functionTriggers)
        .deleteWhere((t) => t.function_id === record.id, ctx.projectId);
      removeRecord(ctx, functions, record, TYPE);
    },

    invoke(ctx) {
      const fn = findInProject(ctx, functions, ctx.params.id, 'Function');
      assertState(fn, ['active'], 'invoke');
      const payload = ctx.body?.payload;
      const id = crypto.randomUUID();
      const run = simulateRun(fn, payload, id);
      const now = ctx.now();
      // A usage record, not a resource: no quota or admission, but billing reads the table.
      const invocation = ctx.runtime.store.table(functionInvocations).insert({
        id,
        created_at: now,
        updated_at: now,
        project_id: ctx.projectId,
        function_id: fn.id,
        memory_mb: fn.memory_mb,
        result: payload ?? null,
        ...run,
      });
      ctx.runtime.publish({
        type: `${TYPE}.invoked`,
        subject: `/projects/${ctx.projectId}/${TYPE}/${fn.id}`,
        project_id: ctx.projectId,
        data: { ...invocation },
      });
      return invocation;
    },

    triggers: {
      list(ctx) {
        const fn = findInProject(ctx, functions, ctx.params.id, 'Function');
        const rows = ctx.runtime.store
          .table(functionTriggers)
          .filter((t) => t.function_id === fn.id, ctx.projectId);
        return paginate(ctx, filterRows(rows, { type: ctx.query.type }));
      },

      create(ctx) {
        const fn = findInProject(ctx, functions, ctx.params.id, 'Function');
        const { type, schedule, topic_id } = ctx.body;
        return createInProject(
          ctx,
          functionTriggers,
          {
            function_id: fn.id,
            type,
            // One space between fields, so equal schedules read (and compare) the same.
            schedule: schedule === undefined ? null : schedule.trim().split(/\s+/).join(' '),
            // Topics belong to Event Grid: the id is checked for shape only, so triggers can be set up first.
            topic_id: topic_id ?? null,
            url: type === 'http' ? `/api/v1/functions/${fn.id}/invoke` : null,
          },
          { type: 'serverless.trigger', quota: false },
        );
      },
    },
  }),
};
