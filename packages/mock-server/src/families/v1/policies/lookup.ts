import type { Context } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import type { Store } from '../../../store/store';
import { builtinPolicy } from './builtins';
import { type AssignmentRow, type PolicyView, policies } from './tables';

/** A policy the project can see: a builtin, or one of its own (another project's reads as missing). */
export function visiblePolicy(store: Store, projectId: string, id: string): PolicyView | undefined {
  return builtinPolicy(id) ?? store.table(policies).getIn(projectId, id);
}

/** The visible policy with this id, or 404. */
export function requirePolicy(ctx: Context, id: string): PolicyView {
  const policy = visiblePolicy(ctx.runtime.store, ctx.projectId, id);
  if (!policy) throw HttpError.notFound('Policy');
  return policy;
}

/** Whether an assignment covers a resource (stored, or a candidate about to be created). */
export function covers(assignment: AssignmentRow, record: Record<string, unknown>): boolean {
  switch (assignment.scope) {
    case 'project':
      return true;
    case 'resource-group':
      return record.resource_group_id === assignment.scope_id;
    case 'resource':
      return record.id === assignment.scope_id;
  }
}
