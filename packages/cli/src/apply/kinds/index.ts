import type { Nimbus } from '@nimbus/sdk';
import type { Kind } from '../kind';
import { assignmentsKind } from './assignments';
import { bucketsKind } from './buckets';
import { budgetsKind } from './budgets';
import { camerasKind } from './cameras';
import { functionsKind } from './functions';
import { instancesKind } from './instances';
import { membersKind } from './members';
import { policiesKind } from './policies';
import { rolesKind } from './roles';
import { topicsKind } from './topics';
import { vpcsKind } from './vpcs';

/**
 * Every kind the tenant file knows, in the order they are applied when nothing else decides
 * (a kind's `after` moves it behind the kinds it names). Access and guard rails come first,
 * so the project's own policies govern the resources created after them. Adding a kind: one
 * module in this folder and one line here.
 */
export const allKinds: readonly Kind[] = [
  rolesKind,
  membersKind,
  policiesKind,
  assignmentsKind,
  vpcsKind,
  topicsKind,
  functionsKind,
  bucketsKind,
  budgetsKind,
  camerasKind,
  instancesKind,
];

/** The kinds the SDK in use can serve, and the keys of the others (refused in a tenant file). */
export function supportedKinds(client: Nimbus): { supported: Kind[]; unsupported: string[] } {
  const usable = (kind: Kind) => kind.available(client) && (!kind.child || kind.child.kind.available(client));
  return {
    supported: allKinds.filter(usable),
    unsupported: allKinds.filter((kind) => !usable(kind)).map((kind) => kind.key),
  };
}
