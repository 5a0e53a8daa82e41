import { type Endpoint, operations } from '@nimbus/sdk/contract';

/** What an operation does to the target, which decides when it runs. */
export type OperationKind = 'create' | 'read' | 'action' | 'delete';

export interface PlannedOperation {
  id: string;
  endpoint: Endpoint;
  kind: OperationKind;
}

/**
 * Operations that run after another of the same record, which leaves that record in the state
 * they need (a start needs a stopped instance).
 */
const RUNS_AFTER: Record<string, string> = {
  'v1.instances.start': 'v1.instances.stop',
  'v1.vpnGateways.activateBgp': 'v1.vpnGateways.configureBgp',
  'v1.drPlans.execute': 'v1.drPlans.drill',
};

function kindOf(endpoint: Endpoint): OperationKind {
  if (endpoint.method === 'GET') return 'read';
  if (endpoint.method === 'DELETE') return 'delete';
  if (endpoint.method === 'POST' && endpoint.status === 201) return 'create';
  return 'action';
}

/** Every operation of /api/v1 and /v2 (not the reference server's own routes), as planned. */
export function contractOperations(): PlannedOperation[] {
  return operations()
    .filter(({ id }) => id.startsWith('v1.') || id.startsWith('v2.'))
    .map(({ id, endpoint }) => ({ id, endpoint, kind: kindOf(endpoint) }));
}

/** `v1.instances.*` as a test of contract ids; `*` stands for any run of characters. */
export function globMatcher(globs: readonly string[] | undefined): (id: string) => boolean {
  if (!globs || globs.length === 0) return () => true;
  const patterns = globs.map(
    (glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`),
  );
  return (id) => patterns.some((pattern) => pattern.test(id));
}

/**
 * The order operations run in: creates (each one's dependencies made on demand), then reads
 * and actions (an action after the one it needs), then deletes, deepest path first so children
 * go before their parents.
 */
export function orderedPlan(all: readonly PlannedOperation[]): PlannedOperation[] {
  const byKind = (kind: OperationKind) => all.filter((op) => op.kind === kind);
  const actions = byKind('action');
  const late = actions.filter((op) => RUNS_AFTER[op.id]);
  const depth = (op: PlannedOperation) => op.endpoint.path.split('/').length;
  const deletes = byKind('delete').sort((a, b) => depth(b) - depth(a));
  const creates = byKind('create');
  return [
    // The second user joins the project first: delegations and grants name a member.
    ...creates.filter((op) => op.id === 'v1.iam.users.create'),
    ...creates.filter((op) => op.id !== 'v1.iam.users.create'),
    ...byKind('read'),
    ...actions.filter((op) => !RUNS_AFTER[op.id]),
    ...late,
    ...deletes,
  ];
}
