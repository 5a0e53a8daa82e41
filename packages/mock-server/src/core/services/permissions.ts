import type { Store } from '../../store/store';
import { delegations, memberships, roles } from './tables';

/** Built-in roles (docs/decisions/0003-identity.md). Owner alone holds `iam:admin` (members, roles, keys, delegation). */
export const BUILTIN_ROLES: Record<string, string[]> = {
  owner: ['*'],
  editor: ['*:read', '*:write'],
  viewer: ['*:read'],
};

/** Whether `granted` (e.g. `compute:*`, `*:read`) covers `needed` (e.g. `compute:read`). Write implies read. */
export function grants(granted: string, needed: string): boolean {
  if (granted === '*') return true;
  const [gFamily, gAction] = granted.split(':');
  const [nFamily, nAction] = needed.split(':');
  const familyOk = gFamily === '*' || gFamily === nFamily;
  const actionOk = gAction === '*' || gAction === nAction || (gAction === 'write' && nAction === 'read');
  return familyOk && actionOk;
}

/** The permissions of a role name in a project: built-in or custom. */
export function permissionsOfRole(store: Store, projectId: string, role: string): string[] {
  return BUILTIN_ROLES[role] ?? store.table(roles).byKey('name', `${projectId}:${role}`)?.permissions ?? [];
}

/**
 * What a user may do in a project: their membership role plus live delegations.
 * Undefined when they are not a member (answered as PROJECT_FORBIDDEN).
 */
export function memberPermissions(
  store: Store,
  projectId: string,
  userId: string,
  nowIso: string,
): string[] | undefined {
  const membership = store.table(memberships).byKey('member', `${projectId}:${userId}`);
  if (!membership) return undefined;
  const granted = [...permissionsOfRole(store, projectId, membership.role)];
  for (const d of store.table(delegations).list(projectId)) {
    if (d.user_id === userId && (d.expires_at === null || d.expires_at > nowIso)) {
      granted.push(...permissionsOfRole(store, projectId, d.role));
    }
  }
  return granted;
}

export function allows(granted: readonly string[], needed: string): boolean {
  return granted.some((g) => grants(g, needed));
}
