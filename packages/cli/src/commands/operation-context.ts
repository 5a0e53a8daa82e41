import { BaseNimbus, nodeFetch, nodeHttpFetch } from '@nimbus/sdk/base';
import { type CommandContext, contextFor, type GlobalOptions } from '../context';

/**
 * The context of a generated command. Its client is the SDK's without the resource families
 * (`call` and `list` are all these commands use): about a fifth of the SDK's code, loaded with the
 * command's own.
 */
export function operationContext(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandContext<BaseNimbus>> {
  return contextFor(async () => ({ Client: BaseNimbus, nodeFetch, nodeHttpFetch }), options, env, false);
}
