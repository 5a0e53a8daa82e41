import { iam as iamEndpoints } from '@nimbus/sdk/contract/v1/iam';
import { defineHandlers, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { BUILTIN_ROLES } from '../../../core/services/permissions';
import { type RoleRow, roles } from '../../../core/services/tables';
import { requireUser } from '../auth';
import { auditProject } from './audit';

const BUILTIN_DESCRIPTIONS: Record<string, string> = {
  owner: 'Everything, including members, roles, API keys and delegation (iam:admin)',
  editor: 'Reads and writes every resource',
  viewer: 'Reads every resource',
};

function roleView(row: RoleRow) {
  return { ...row, builtin: false };
}

export const roleHandlers = defineHandlers(iamEndpoints.roles, {
  list(ctx) {
    const builtin = Object.entries(BUILTIN_ROLES).map(([name, permissions]) => ({
      id: null,
      project_id: ctx.projectId,
      name,
      description: BUILTIN_DESCRIPTIONS[name] ?? '',
      permissions,
      builtin: true,
      created_at: null,
      updated_at: null,
    }));
    const custom = ctx.runtime.store.table(roles).list(ctx.projectId).map(roleView);
    return paginate(ctx, [...builtin, ...custom]);
  },

  create(ctx) {
    const actor = requireUser(ctx);
    const { name, description, permissions } = ctx.body;
    if (Object.hasOwn(BUILTIN_ROLES, name)) {
      throw HttpError.conflict(`"${name}" is a built-in role`, { field: 'name' });
    }
    const table = ctx.runtime.store.table(roles);
    if (table.byKey('name', `${ctx.projectId}:${name}`)) {
      throw HttpError.conflict(`A role named "${name}" already exists in this project`, { field: 'name' });
    }
    const now = ctx.now();
    const row = table.insert({
      id: crypto.randomUUID(),
      created_at: now,
      updated_at: now,
      project_id: ctx.projectId,
      name,
      description,
      permissions: [...new Set(permissions)],
    });
    auditProject(ctx, 'role.created', actor.id, { role_id: row.id, name, permissions: row.permissions });
    return roleView(row);
  },
});
