import { BUILTIN_ROLES } from '../../../core/services/permissions';
import { roles } from '../../../core/services/tables';
import type { Store } from '../../../store/store';

/** Whether `role` names a built-in role or a custom role of the project. */
export function isKnownRole(store: Store, projectId: string, role: string): boolean {
  return (
    Object.hasOwn(BUILTIN_ROLES, role) ||
    store.table(roles).byKey('name', `${projectId}:${role}`) !== undefined
  );
}
