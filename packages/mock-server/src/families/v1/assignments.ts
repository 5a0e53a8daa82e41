import type { AssignmentCreateBody } from '@nimbus/sdk/contract';
import { assignments as assignmentsEndpoints } from '@nimbus/sdk/contract/v1/assignments';
import { resolveParameters } from '@nimbus/sdk/contract/v1/policy-rule';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError, HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { ruleOf } from './policies/evaluate';
import { requirePolicy } from './policies/lookup';
import { findAnyResource } from './policies/resource-types';
import { policyAssignments } from './policies/tables';
import { foreignRowIn } from './support/foreign-rows';

export const assignmentsFamily: FamilyModule = {
  handlers: defineHandlers(assignmentsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(policyAssignments).list(ctx.projectId);
      const { policy_id, scope, scope_id } = ctx.query;
      return paginate(ctx, filterRows(rows, { policy_id, scope, scope_id }));
    },

    create(ctx) {
      const body = ctx.body;
      const policy = requirePolicy(ctx, body.policy_id);
      const scopeId = scopeIdOf(ctx, body);
      const resolved = resolveParameters(ruleOf(policy), body.parameters);
      if (resolved.issues.length > 0) {
        throw HttpError.validation(
          resolved.issues.map((issue) => ({
            path: ['body.parameters', ...issue.path].join('.'),
            message: issue.message,
          })),
        );
      }
      const table = ctx.runtime.store.table(policyAssignments);
      if (table.byKey('target', `${ctx.projectId}:${policy.id}:${body.scope}:${scopeId}`)) {
        throw HttpError.conflict('This policy is already assigned to this scope', {
          policy_id: policy.id,
          scope: body.scope,
          scope_id: scopeId,
        });
      }
      return createInProject(
        ctx,
        policyAssignments,
        {
          policy_id: policy.id,
          scope: body.scope,
          scope_id: scopeId,
          // Stored normalised, so the JSON reads the same whatever spacing the caller used.
          parameters: body.parameters === undefined ? null : JSON.stringify(JSON.parse(body.parameters)),
          enforcement_mode: body.enforcement_mode ?? null,
        },
        { type: 'policy.assignment' },
      );
    },
  }),
};

/** The id the scope names, checked against the project: its own id, one of its groups or resources. */
function scopeIdOf(ctx: Context, body: AssignmentCreateBody): string {
  const given = body.scope_id;
  if (body.scope === 'project') {
    if (given !== undefined && given !== ctx.projectId) {
      throw fieldError('body.scope_id', "must be this project's id (or left out) when scope is project");
    }
    return ctx.projectId;
  }
  if (given === undefined || given === '')
    throw fieldError('body.scope_id', `required when scope is ${body.scope}`);
  const store = ctx.runtime.store;
  if (body.scope === 'resource-group') {
    if (!foreignRowIn(store, 'resource_groups', ctx.projectId, given)) {
      throw fieldError('body.scope_id', 'no such resource group in this project');
    }
  } else if (!findAnyResource(store, ctx.projectId, given)) {
    throw fieldError('body.scope_id', 'no such resource in this project');
  }
  return given;
}
