import { BaseNimbus, nodeFetch, nodeHttpFetch, type Route } from '@nimbus/sdk/base';
import { type CommandContext, contextFor, type GlobalOptions } from '../context';

/**
 * The context of a generated command. Its client is the SDK's without the resource families
 * (`call` and `list` are all these commands use): about a fifth of the SDK's code, loaded with the
 * command's own.
 */
export function operationContext(
  options: GlobalOptions,
  route: Pick<Route, 'auth'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandContext<BaseNimbus>> {
  // The session is sent on `bearer` routes, and mints the workload token of `query-token` ones.
  const session = route.auth === 'bearer' || route.auth === 'query-token';
  return contextFor(async () => ({ Client: BaseNimbus, nodeFetch, nodeHttpFetch }), options, env, {
    session,
  });
}
