import { ErrorCode } from '@nimbus/sdk/contract/common';
import { projects as projectsEndpoints } from '@nimbus/sdk/contract/v1/projects';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { allows, memberPermissions, permissionsOfRole } from '../../core/services/permissions';
import { delegations, memberships, type ProjectRow, projects } from '../../core/services/tables';
import { requireUser } from './auth';
import { auditProject } from './iam/audit';

/** A project as its member sees it: with their role. */
function asMember(project: ProjectRow, role: string) {
  return { ...project, role };
}

/** 403 PROJECT_FORBIDDEN unless the caller is a member; answers their permissions. */
function memberOf(ctx: Context, projectId: string, userId: string): readonly string[] {
  const granted = projectId ? memberPermissions(ctx.runtime.store, projectId, userId, ctx.now()) : undefined;
  if (!granted || !ctx.runtime.store.table(projects).get(projectId)) {
    throw HttpError.of(ErrorCode.PROJECT_FORBIDDEN, 'Project not found or not accessible');
  }
  return granted;
}

export const projectsFamily: FamilyModule = {
  handlers: defineHandlers(projectsEndpoints, {
    list(ctx) {
      const user = requireUser(ctx);
      const store = ctx.runtime.store;
      const mine = store
        .table(memberships)
        .filter((m) => m.user_id === user.id)
        .map((m) => ({ project: store.table(projects).get(m.project_id), role: m.role }))
        .filter((x): x is { project: ProjectRow; role: string } => x.project !== undefined)
        .sort((a, b) =>
          a.project.created_at < b.project.created_at
            ? -1
            : a.project.created_at > b.project.created_at
              ? 1
              : a.project.id < b.project.id
                ? -1
                : 1,
        )
        .map((x) => asMember(x.project, x.role));
      return paginate(ctx, mine);
    },

    create(ctx) {
      const user = requireUser(ctx);
      const now = ctx.now();
      const project = ctx.runtime.store.table(projects).insert({
        id: crypto.randomUUID(),
        created_at: now,
        updated_at: now,
        name: ctx.body.name,
        description: ctx.body.description,
        owner_id: user.id,
      });
      ctx.runtime.store.table(memberships).insert({
        id: crypto.randomUUID(),
        created_at: now,
        updated_at: now,
        project_id: project.id,
        user_id: user.id,
        role: 'owner',
      });
      return asMember(project, 'owner');
    },

    delegate(ctx) {
      const user = requireUser(ctx);
      const projectId = ctx.params.id;
      const granted = memberOf(ctx, projectId, user.id);
      if (!allows(granted, 'iam:admin')) throw HttpError.forbidden('Only an owner can delegate roles');
      const store = ctx.runtime.store;
      if (!store.table(memberships).byKey('member', `${projectId}:${ctx.body.user_id}`)) {
        throw HttpError.notFound('Project member');
      }
      if (permissionsOfRole(store, projectId, ctx.body.role).length === 0) {
        throw HttpError.validation([{ path: 'body.role', message: `unknown role "${ctx.body.role}"` }]);
      }
      const expiresAt = ctx.body.expires_at ? new Date(ctx.body.expires_at).toISOString() : null;
      if (expiresAt !== null && expiresAt <= ctx.now()) {
        throw HttpError.validation([{ path: 'body.expires_at', message: 'must be in the future' }]);
      }
      const now = ctx.now();
      auditProject(
        ctx,
        'role.delegated',
        user.id,
        { user_id: ctx.body.user_id, role: ctx.body.role, expires_at: expiresAt },
        'success',
        projectId,
      );
      return store.table(delegations).insert({
        id: crypto.randomUUID(),
        created_at: now,
        updated_at: now,
        project_id: projectId,
        user_id: ctx.body.user_id,
        role: ctx.body.role,
        granted_by: user.id,
        expires_at: expiresAt,
      });
    },
  }),
};
