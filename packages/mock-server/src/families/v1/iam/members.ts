import { iam as iamEndpoints } from '@nimbus/sdk/contract/v1/iam';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import {
  delegations,
  type MembershipRow,
  memberships,
  type UserRow,
  users,
} from '../../../core/services/tables';
import { requireUser } from '../auth';
import { auditProject } from './audit';
import { isKnownRole } from './known-roles';

/** A membership as the IAM view shows it: the user, their role and their live delegations. */
function memberView(ctx: Context, membership: MembershipRow, user: UserRow) {
  const now = ctx.now();
  const delegated = ctx.runtime.store
    .table(delegations)
    .list(membership.project_id)
    .filter((d) => d.user_id === membership.user_id && (d.expires_at === null || d.expires_at > now))
    .map((d) => ({ role: d.role, expires_at: d.expires_at }));
  return {
    id: user.id,
    project_id: membership.project_id,
    email: user.email,
    full_name: user.full_name,
    role: membership.role,
    delegated_roles: delegated,
    mfa_enabled: user.mfa_enabled,
    joined_at: membership.created_at,
  };
}

export const memberHandlers = defineHandlers(iamEndpoints.users, {
  list(ctx) {
    const people = ctx.runtime.store.table(users);
    const rows = filterRows(ctx.runtime.store.table(memberships).list(ctx.projectId), {
      role: ctx.query.role,
    });
    // An imported state may hold memberships of users it lacks: leave those out, not half-empty records.
    const views = rows.flatMap((m) => {
      const user = people.get(m.user_id);
      return user ? [memberView(ctx, m, user)] : [];
    });
    return paginate(ctx, views);
  },

  create(ctx) {
    const actor = requireUser(ctx);
    const store = ctx.runtime.store;
    const { email, role } = ctx.body;
    if (!isKnownRole(store, ctx.projectId, role)) {
      throw HttpError.validation([{ path: 'body.role', message: `unknown role "${role}"` }]);
    }
    const user = store.table(users).byKey('email', email.toLowerCase());
    if (!user) throw HttpError.notFound('User with this email');
    const table = store.table(memberships);
    if (table.byKey('member', `${ctx.projectId}:${user.id}`)) {
      throw HttpError.conflict('The user is already a member of this project', { user_id: user.id });
    }
    const now = ctx.now();
    const membership = table.insert({
      id: crypto.randomUUID(),
      created_at: now,
      updated_at: now,
      project_id: ctx.projectId,
      user_id: user.id,
      role,
    });
    auditProject(ctx, 'member.added', actor.id, { member_id: user.id, email: user.email, role });
    return memberView(ctx, membership, user);
  },
});
