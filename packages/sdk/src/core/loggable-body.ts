import type { Endpoint } from '../contract/define';
import type { CallableEndpoint } from './endpoint';
import type { Route } from './route';

type Contract = typeof import('../contract/index');

/** Shown for the value of a field the contract marks secret. */
const MASK = '***';

/**
 * Loaded with the first body logged at debug level: the secret marks are on the contract's zod
 * schemas, which a client that does not log them should neither load nor bundle.
 */
let contract: Promise<{ module: Contract; byId: Map<string, Endpoint> }> | undefined;

function loadContract() {
  contract ??= import('../contract/index').then((module: Contract) => ({
    module,
    byId: new Map(module.operations().map(({ id, endpoint }) => [id, endpoint])),
  }));
  return contract;
}

/**
 * A request body as the debug line shows it: the JSON sent, each field the contract marks
 * secret (password, token, env value, ...) replaced by `***`. Only this endpoint's marks are read.
 */
export async function loggableBody(target: Route | CallableEndpoint, body: BodyInit | null | undefined) {
  if (typeof body !== 'string') return undefined;
  const { module, byId } = await loadContract();
  // An endpoint a caller holds is one the contract declared, its secret marks on its schemas.
  const endpoint = 'response' in target ? (target as Endpoint) : byId.get(target.id);
  if (!endpoint) return '[body not shown: unknown operation]';
  return module.redactSecrets(JSON.parse(body), module.secretsOf(endpoint).body, MASK);
}
