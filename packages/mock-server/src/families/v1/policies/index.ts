import { policies as policiesEndpoints } from '@nimbus/sdk/contract/v1/policies';
import { resolveParameters } from '@nimbus/sdk/contract/v1/policy-rule';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { createInProject, emit } from '../../../core/pipeline/resources';
import { BUILTIN_POLICIES } from './builtins';
import { installEnforcement } from './enforcement';
import { ruleOf } from './evaluate';
import { requirePolicy } from './lookup';
import { complianceResults, type PolicyRow, type PolicyView, policies, policyAssignments } from './tables';

const TYPE = 'policy.definition';

export const policiesFamily: FamilyModule = {
  setup: installEnforcement,

  handlers: defineHandlers(policiesEndpoints, {
    list(ctx) {
      const own = ctx.runtime.store.table(policies).list(ctx.projectId);
      const all: PolicyView[] = [...BUILTIN_POLICIES, ...own].sort(byCreation);
      const { type, category, enforcement_mode, severity, name } = ctx.query;
      return paginate(ctx, filterRows(all, { type, category, enforcement_mode, severity, name }));
    },

    create(ctx) {
      const { type: _custom, category, definition, ...fields } = ctx.body;
      assertNameFree(ctx, fields.name);
      return createInProject(
        ctx,
        policies,
        { ...fields, type: 'custom', category: category ?? null, definition: definition ?? null },
        { type: TYPE },
      );
    },

    retrieve: (ctx) => requirePolicy(ctx, ctx.params.id),

    update(ctx) {
      const policy = ownPolicy(ctx, ctx.params.id, 'changed');
      const patch = Object.fromEntries(
        Object.entries(ctx.body).filter(([, v]) => v !== undefined),
      ) as Partial<PolicyRow>;
      if (patch.name !== undefined && patch.name.toLowerCase() !== policy.name.toLowerCase()) {
        assertNameFree(ctx, patch.name);
      }
      if (ctx.body.definition !== undefined) assertAssignmentsFit(ctx, policy.id, ctx.body.definition);
      const updated = ctx.runtime.store.table(policies).update(policy.id, patch, ctx.now());
      emit(ctx, TYPE, 'updated', updated);
      return updated;
    },

    delete(ctx) {
      const policy = ownPolicy(ctx, ctx.params.id, 'deleted');
      const store = ctx.runtime.store;
      // Assignments cannot be deleted on their own (the API has no route for it), so they go with
      // their policy, and so do its results: nothing is left pointing at a missing policy.
      store.table(policyAssignments).deleteWhere((a) => a.policy_id === policy.id, ctx.projectId);
      store.table(complianceResults).deleteWhere((r) => r.policy_id === policy.id, ctx.projectId);
      store.table(policies).delete(policy.id);
      emit(ctx, TYPE, 'deleted', policy);
    },
  }),
};

/** Creation order, as every list (builtins have no project, so they are not StoredRecords). */
function byCreation(a: PolicyView, b: PolicyView): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A custom policy of the project; builtins answer 403 (they are the platform's). */
function ownPolicy(ctx: Context, id: string, action: string): PolicyRow {
  const policy = requirePolicy(ctx, id);
  if (policy.type === 'builtin') {
    throw HttpError.forbidden(`Builtin policies cannot be ${action}`, { policy_id: policy.id });
  }
  return policy as PolicyRow;
}

/** Names are unique per project, builtins included, ignoring case. */
function assertNameFree(ctx: Context, name: string): void {
  const lower = name.toLowerCase();
  const taken =
    BUILTIN_POLICIES.some((p) => p.name.toLowerCase() === lower) ||
    ctx.runtime.store.table(policies).byKey('name', `${ctx.projectId}:${lower}`) !== undefined;
  if (taken) throw HttpError.conflict(`A policy named "${name}" already exists`, { name });
}

/** A new definition must still accept the parameters of every assignment of the policy. */
function assertAssignmentsFit(ctx: Context, policyId: string, definition: string): void {
  const rule = ruleOf({ id: policyId, definition });
  const misfits = ctx.runtime.store
    .table(policyAssignments)
    .filter((a) => a.policy_id === policyId, ctx.projectId)
    .flatMap((a) =>
      resolveParameters(rule, a.parameters).issues.map((issue) => ({
        assignment_id: a.id,
        path: ['parameters', ...issue.path].join('.'),
        message: issue.message,
      })),
    );
  if (misfits.length > 0) {
    throw HttpError.conflict(
      'The new definition does not fit the parameters of existing assignments',
      misfits,
    );
  }
}
