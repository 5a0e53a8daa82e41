import { readFile } from 'node:fs/promises';
import type { Nimbus } from '@nimbus/sdk';
import { type Endpoint, v1, v2 } from '@nimbus/sdk/contract';
import { type Command, Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { commandContext, type GlobalOptions } from '../context';
import { UsageError } from '../errors';
import { print } from '../output/print';
import { withProgress } from '../output/progress';
import { addCredentialOptions, withEndpointCredentials } from './endpoint-credentials';
import { addFieldOptions, checkFields, collectFields, fieldFlags, kebab } from './flags';

/** Groups with commands of their own (`login`, `nimbus auth ...`) rather than generated ones. */
const HAND_WRITTEN = new Set(['auth']);

/** States a resource passes through on its way somewhere; `--wait` polls until it leaves them. */
const TRANSITIONAL = new Set([
  'provisioning',
  'starting',
  'stopping',
  'scaling',
  'failing_over',
  'executing',
  'drilling',
  'pending',
  'generating',
  'connecting',
  'deploying',
]);

/** Operations that start something `--wait` can follow. */
const WAITABLE = /^(create|start|stop|scale|failover|execute|drill|update)$/;

/**
 * Adds one command per resource group of the contract and one subcommand per operation:
 * `nimbus instances create --name web --flavor small --region hn`. Path parameters are
 * arguments, body and query fields are flags, `--from-file` supplies a whole body.
 */
export function addContractCommands(program: Command): void {
  const groups = [...Object.entries(v1), ...Object.entries(v2)] as [string, Record<string, unknown>][];
  for (const [groupKey, group] of groups) {
    if (HAND_WRITTEN.has(groupKey)) continue;
    const name = kebab(groupKey);
    const existing = program.commands.find((c) => c.name() === name);
    const command = existing ?? program.command(name).description(describeGroup(group));
    for (const [opKey, endpoint] of Object.entries(group)) {
      if (!isEndpoint(endpoint)) continue;
      addOperation(command, opKey, endpoint, group);
    }
  }
}

function addOperation(
  parent: Command,
  opKey: string,
  endpoint: Endpoint,
  group: Record<string, unknown>,
): void {
  const name = opKey === 'retrieve' ? 'get' : kebab(opKey);
  const params = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const sub = parent.command(name).description(`${endpoint.summary} (${endpoint.method} ${endpoint.path})`);
  if (opKey === 'retrieve') sub.alias('retrieve');
  for (const param of params) sub.argument(`<${param}>`);
  const bodyFlags = fieldFlags(endpoint.body);
  const queryFlags = fieldFlags(endpoint.query);
  addFieldOptions(sub, [...bodyFlags, ...queryFlags]);
  if (endpoint.body)
    sub.option(
      '--from-file <path>',
      'read the whole body from a JSON or YAML file (flags override its fields)',
    );
  if (endpoint.list) sub.addOption(new Option('--all', 'fetch every page'));
  const retrieve = group.retrieve as Endpoint | undefined;
  if (WAITABLE.test(opKey) && retrieve)
    sub.option('--wait', 'wait until the resource leaves its transitional state');
  addCredentialOptions(sub, endpoint);

  sub.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const values = command.opts() as Record<string, unknown>;
    const globals = command.optsWithGlobals() as GlobalOptions;
    const ctx = await commandContext(globals);
    const { client } = ctx;
    const pathParams = Object.fromEntries(params.map((p, i) => [p, args[i] as string]));
    const body = endpoint.body
      ? {
          ...(await readBodyFile(values.fromFile as string | undefined)),
          ...collectFields(bodyFlags, values),
        }
      : undefined;
    const query = endpoint.query ? collectFields(queryFlags, values) : undefined;
    checkFields(endpoint.body, body);
    checkFields(endpoint.query, query);
    const input = { params: params.length > 0 ? pathParams : undefined, query, body };

    if (endpoint.list) {
      const page = client.list(endpoint as Endpoint & { list: true }, input as never);
      if (values.all) {
        const all: unknown[] = [];
        for await (const item of page) all.push(item);
        await print(all, globals);
      } else {
        await print((await page).data, globals);
      }
      return;
    }
    let result = await withEndpointCredentials(ctx, endpoint, values, (options) =>
      client.call(endpoint, input as never, options),
    );
    if (values.wait && retrieve && isRecord(result) && typeof result.id === 'string') {
      result = await waitUntilSettled(client, retrieve, pathParams, result);
    }
    if (endpoint.responseKind === 'text' || endpoint.responseKind === 'binary') {
      // A playlist, metrics text or video bytes: what the server sent, not a JSON string of it.
      process.stdout.write(result as string | Uint8Array);
      return;
    }
    await print(result, globals);
  });
}

async function waitUntilSettled(
  client: Nimbus,
  retrieve: Endpoint,
  pathParams: Record<string, string>,
  first: Record<string, unknown>,
): Promise<unknown> {
  const params = retrieve.path.includes('{id}') ? { ...pathParams, id: first.id as string } : pathParams;
  return withProgress(`Waiting for ${first.id}`, async (update) => {
    let current: Record<string, unknown> = first;
    const deadline = Date.now() + 10 * 60_000;
    while (typeof current.status === 'string' && TRANSITIONAL.has(current.status)) {
      update(`${first.id}: ${current.status}`);
      if (Date.now() > deadline)
        throw new UsageError(`Gave up waiting: ${first.id} is still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      current = (await client.call(retrieve, { params } as never)) as Record<string, unknown>;
    }
    return current;
  });
}

async function readBodyFile(path: string | undefined): Promise<Record<string, unknown>> {
  if (!path) return {};
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = /\.ya?ml$/i.test(path) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${path} is not valid ${/\.ya?ml$/i.test(path) ? 'YAML' : 'JSON'}: ${(error as Error).message}`,
    );
  }
  if (!isRecord(value)) throw new UsageError(`${path} must hold an object`);
  return value;
}

function describeGroup(group: Record<string, unknown>): string {
  const first = Object.values(group).find(isEndpoint);
  return first ? `${first.family}: ${first.path.replace(/\/\{.*$/, '')}` : '';
}

function isEndpoint(value: unknown): value is Endpoint {
  return !!value && typeof value === 'object' && 'method' in value && 'path' in value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
