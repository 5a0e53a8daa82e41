import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Nimbus } from '@nimbus/sdk';
import { type Endpoint, v1, v2 } from '@nimbus/sdk/contract';
import { type Command, Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { commandContext, type GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { print } from '../output/print';
import { withProgress } from '../output/progress';
import { readStdin } from '../stdin';
import { commandPath } from '../usage';
import { addFieldOptions, checkFields, collectFields, fieldFlags, kebab } from './flags';
import { confirm } from './prompt';

/** What a generated command sends: path parameters, query and body. */
interface RawInput {
  params?: Record<string, string> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

/** Groups with commands of their own (login, mock) rather than generated ones. */
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
  for (const param of params) sub.argument(`<${param}>`, `${param.replace(/_/g, ' ')} (path)`);
  const bodyFlags = fieldFlags(endpoint.body);
  const queryFlags = fieldFlags(endpoint.query);
  addFieldOptions(sub, [...bodyFlags, ...queryFlags]);
  if (endpoint.body)
    sub.option(
      '--from-file <path>',
      'read the whole body from a JSON or YAML file, or - for stdin (flags override its fields)',
    );
  const cursor = queryFlags.some((f) => f.key === 'cursor');
  if (endpoint.list || cursor) sub.addOption(new Option('--all', 'fetch every page'));
  const retrieve = group.retrieve as Endpoint | undefined;
  if (WAITABLE.test(opKey) && retrieve)
    sub.option('--wait', 'wait until the resource leaves its transitional state');
  const destructive = isDestructive(opKey, endpoint);
  if (destructive) sub.option('-y, --yes', 'do not ask for confirmation');
  sub.addHelpText('after', `\nExample:\n  $ ${exampleLine(sub, params, [...bodyFlags, ...queryFlags])}`);

  sub.action(async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const values = command.opts() as Record<string, unknown>;
    const globals = command.optsWithGlobals() as GlobalOptions;
    const { client } = await commandContext(globals);
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
      await printPagedList(client, endpoint as Endpoint & { list: true }, input, !!values.all, globals);
      return;
    }
    if (cursor) {
      await printCursorList(client, endpoint, input, !!values.all, globals);
      return;
    }
    if (destructive) {
      const target = Object.values(pathParams).join(' ');
      const confirmed =
        !!values.yes || (await confirm(`${endpoint.summary.replace(/[;(].*$/, '').trim()} ${target}?`));
      if (!confirmed) throw new CommandFailed('Not confirmed: nothing was changed');
    }
    // One key per command run: a create the SDK retries after a 5xx or a lost answer is
    // recognised by the server instead of made twice.
    const options = endpoint.method === 'POST' ? { idempotencyKey: randomUUID() } : undefined;
    let result = await client.call(endpoint, input as never, options);
    if (values.wait && retrieve && isRecord(result) && typeof result.id === 'string') {
      result = await waitUntilSettled(client, retrieve, pathParams, result);
    }
    // /v2 answers lists as `{ items }`: printed as rows, like a /v1 list.
    await print(isItemList(result) ? result.items : result, globals);
  });
}

/** Deletes, and operations that move a live service elsewhere: confirmed on a terminal. */
function isDestructive(opKey: string, endpoint: Endpoint): boolean {
  return endpoint.method === 'DELETE' || opKey === 'failover' || opKey === 'execute';
}

/**
 * One page by default, as `gh` and `stripe` do: a list command stays fast on a big project.
 * When more items exist, stderr says how many and how to get them, so a script that reads
 * stdout is never silently short.
 */
async function printPagedList(
  client: Nimbus,
  endpoint: Endpoint & { list: true },
  input: RawInput,
  all: boolean,
  globals: GlobalOptions,
): Promise<void> {
  const first = await client.list(endpoint, input as never);
  if (all) {
    const items: unknown[] = [];
    for await (const item of first) items.push(item);
    await print(items, globals);
    return;
  }
  await print(first.data, globals);
  if (first.hasNextPage()) {
    const from = (first.page - 1) * first.perPage + 1;
    process.stderr.write(
      `Showing ${from}-${from + first.data.length - 1} of ${first.total}: --page ${first.page + 1} for the next page, --all for every page\n`,
    );
  }
}

/** The same for /v2 lists paged by cursor (`{ items, next_cursor }`). */
async function printCursorList(
  client: Nimbus,
  endpoint: Endpoint,
  input: RawInput,
  all: boolean,
  globals: GlobalOptions,
): Promise<void> {
  const items: unknown[] = [];
  let query = input.query;
  for (;;) {
    const page = (await client.call(endpoint, { ...input, query } as never)) as {
      items: unknown[];
      next_cursor?: string | null;
    };
    items.push(...page.items);
    const next = page.next_cursor ?? null;
    if (next === null || page.items.length === 0) break;
    if (!all) {
      await print(items, globals);
      process.stderr.write(`More items: --cursor ${next} for the next page, --all for every page\n`);
      return;
    }
    query = { ...query, cursor: next };
  }
  await print(items, globals);
}

/** `nimbus databases create --name <name> --engine postgres --region <region>`. */
function exampleLine(command: Command, params: string[], flags: ReturnType<typeof fieldFlags>): string {
  const words = [commandPath(command), ...params.map((p) => `<${p}>`)];
  for (const f of flags.filter((flag) => flag.required)) {
    if (f.kind === 'boolean') words.push(`--${f.flag}`);
    else words.push(`--${f.flag}`, f.choices?.[0] ?? (f.kind === 'json' ? `'<json>'` : `<${f.flag}>`));
  }
  return words.join(' ');
}

function isItemList(value: unknown): value is { items: unknown[] } {
  return isRecord(value) && Array.isArray(value.items) && Object.keys(value).length <= 2;
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
    text = path === '-' ? await readStdin() : await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    // YAML is a superset of JSON: stdin is read as YAML.
    value = /\.json$/i.test(path) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(
      `${path} is not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
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
