import type { Context } from '../../../core/pipeline/handler';
import { auditLogs } from '../../../core/services/activity';

/**
 * Records a security event of the caller's project (key creation, role and membership changes).
 * `userId` is who acted; the subject goes in `details`.
 */
export function auditProject(
  ctx: Context,
  event: string,
  userId: string | null,
  details: Record<string, unknown>,
  outcome: 'success' | 'failure' = 'success',
  /** Routes with the project in the path (delegation) have no X-Project-ID. */
  projectId: string = ctx.projectId,
): void {
  const now = ctx.now();
  ctx.runtime.store.table(auditLogs).insert({
    id: crypto.randomUUID(),
    created_at: now,
    updated_at: now,
    project_id: projectId,
    user_id: userId,
    event,
    outcome,
    details,
    request_id: ctx.requestId,
  });
}
