import type { Operation } from '@nimbus/sdk/contract';
import { Router } from '../core/pipeline/router';

/** Finds the operation a request calls. */
export type OperationLookup = (method: string, pathname: string) => Operation | undefined;

/**
 * The contract lookup of the server's router (literal paths before templated ones) over the
 * given operations: `operationLookup(operations())` for the whole contract.
 */
export function operationLookup(operations: readonly Operation[]): OperationLookup {
  const byId = new Map(operations.map((operation) => [operation.id, operation]));
  const router = new Router(
    operations.map(({ id, endpoint }) => [id, endpoint.method, endpoint.path] as const),
  );
  return (method, pathname) => {
    const match = router.match(method, pathname);
    return match.kind === 'found' ? byId.get(match.id) : undefined;
  };
}
