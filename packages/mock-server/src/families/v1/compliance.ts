import type { PolicyParameterValue } from '@nimbus/sdk/contract';
import { compliance as complianceEndpoints } from '@nimbus/sdk/contract/v1/compliance';
import { resolveParameters } from '@nimbus/sdk/contract/v1/policy-rule';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import type { StoredRecord } from '../../store/state';
import { evaluate, ruleOf } from './policies/evaluate';
import { covers, requirePolicy } from './policies/lookup';
import { findResource } from './policies/resource-types';
import { type AssignmentRow, complianceResults, type PolicyView, policyAssignments } from './policies/tables';

export const complianceFamily: FamilyModule = {
  handlers: defineHandlers(complianceEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(complianceResults).list(ctx.projectId);
      const { compliant, policy_id, resource_type, resource_id } = ctx.query;
      return paginate(ctx, filterRows(rows, { compliant, policy_id, resource_type, resource_id }));
    },

    evaluate(ctx) {
      const { policy_id, resource_type, resource_id, parameters } = ctx.body;
      const policy = requirePolicy(ctx, policy_id);
      const store = ctx.runtime.store;
      const resource = findResource(store, ctx.projectId, resource_type, resource_id);
      if (!resource) throw HttpError.notFound(`Resource ${resource_type} ${resource_id}`);
      const assignment = parameters === undefined ? coveringAssignment(ctx, policy, resource) : undefined;
      const values = parameterValues(policy, parameters ?? assignment?.parameters ?? null);
      const subject = { type: resource_type, record: resource };
      // Explicit evaluation answers what the rule says whatever the enforcement mode.
      const verdict =
        policy.definition === null
          ? { violated: false, reason: 'the policy has no rule' }
          : evaluate(ruleOf(policy), subject, values);
      const now = ctx.now();
      return store.table(complianceResults).insert({
        id: crypto.randomUUID(),
        project_id: ctx.projectId,
        created_at: now,
        updated_at: now,
        policy_id: policy.id,
        assignment_id: assignment?.id ?? null,
        resource_type,
        resource_id: resource.id,
        resource_name: typeof resource.name === 'string' ? resource.name : null,
        compliant: !verdict.violated,
        reason: verdict.reason,
        source: 'evaluation',
        evaluated_at: now,
      });
    },

    forPolicy(ctx) {
      const policy = requirePolicy(ctx, ctx.params.policyId);
      const rows = ctx.runtime.store
        .table(complianceResults)
        .filter((r) => r.policy_id === policy.id, ctx.projectId);
      const { compliant, resource_type, resource_id } = ctx.query;
      return paginate(ctx, filterRows(rows, { compliant, resource_type, resource_id }));
    },
  }),
};

/** The first assignment of the policy in the project that covers the resource, if any. */
function coveringAssignment(
  ctx: Context,
  policy: PolicyView,
  resource: StoredRecord,
): AssignmentRow | undefined {
  const table = ctx.runtime.store.table(policyAssignments);
  return table.find((a) => a.policy_id === policy.id && covers(a, resource), ctx.projectId);
}

function parameterValues(policy: PolicyView, text: string | null): Record<string, PolicyParameterValue> {
  const resolved = resolveParameters(ruleOf(policy), text);
  if (resolved.values) return resolved.values;
  throw HttpError.validation(
    resolved.issues.map((issue) => ({
      path: ['body.parameters', ...issue.path].join('.'),
      message: issue.message,
    })),
  );
}
