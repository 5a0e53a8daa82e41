import type { BaseNimbus, RequestOptions, Route } from '@nimbus/sdk';
import { type CommandContext, type GlobalOptions, PICK_A_PROJECT } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { print } from '../output/print';
import { withProgress } from '../output/progress';
import { withEndpointCredentials } from './endpoint-credentials';
import { kebab } from './flags';
import { operationContext } from './operation-context';
import type { OperationInput } from './operation-input';
import type { OperationSpec, WaitSpec } from './operation-spec';
import { confirm } from './prompt';
import { TRANSITIONAL } from './transitional';

/** One run of a generated command, as commander parsed it. */
export interface OperationRun {
  /** What to send, read and checked from the command line (see `readOperationInput`). */
  input: OperationInput;
  values: Record<string, unknown>;
  globals: GlobalOptions;
  destructive: boolean;
}

/** Sends one contract operation and prints the answer: the body of every generated command. */
export async function runOperation(spec: OperationSpec, run: OperationRun): Promise<void> {
  const { values, globals, input } = run;
  const { route } = spec;
  const pathParams = input.params ?? {};
  const ctx = await operationContext(globals, route);
  const { client } = ctx;
  if (route.project && !hasProject(ctx)) {
    throw new UsageError(`${spec.names.map(kebab).join(' ')} works on a project: ${PICK_A_PROJECT}`);
  }
  // Each call with the credentials its endpoint takes: basic auth, a workload token, or the session.
  // A `Nimbus-Warning` the server answers (fields of the body it does not know) goes to stderr.
  const send = (input: OperationInput, options?: RequestOptions) =>
    withEndpointCredentials(ctx, { ...route, scope: spec.scope }, values, async (credentials) => {
      const { data, response } = await client
        .call(route, input, { ...options, ...credentials })
        .withResponse();
      const warning = response.headers.get('nimbus-warning');
      if (warning) process.stderr.write(`warning: ${warning}\n`);
      return data;
    });

  if (spec.paging === 'page') {
    await printPagedList(client, route as Route & { list: true }, input, !!values.all, globals);
    return;
  }
  if (spec.paging === 'cursor') {
    await printCursorList(send, input, !!values.all, globals);
    return;
  }
  if (run.destructive) {
    const ids = Object.values(pathParams).join(' ');
    const { read } = spec;
    // Only when it will ask: the name is for the person answering (`Delete an instance "web-1" (<id>)?`).
    const asking = !values.yes && process.stdin.isTTY;
    const found =
      asking && read
        ? await withEndpointCredentials(ctx, { ...read, scope: spec.scope }, values, (credentials) =>
            client.call(read, { params: pathParams }, credentials),
          )
        : undefined;
    const name =
      isRecord(found) && typeof found.name === 'string' && found.name !== ids ? found.name : undefined;
    const target = name ? `"${name}" (${ids})` : ids;
    const question = [clause(spec.summary), target].filter((part) => part !== '').join(' ');
    const confirmed = !!values.yes || (await confirm(`${question}?`));
    if (!confirmed) throw new CommandFailed('Not confirmed: nothing was changed');
  }
  // One key per command run: a create the SDK retries after a 5xx or a lost answer is
  // recognised by the server instead of made twice.
  // node:crypto is loaded for it then, not on every command's start.
  const options =
    spec.method === 'POST' ? { idempotencyKey: (await import('node:crypto')).randomUUID() } : undefined;
  let result = await send(input, options);
  if (values.wait && spec.wait && isRecord(result) && typeof result.id === 'string') {
    const { wait } = spec;
    const read = readerOf(client, wait, pathParams, result.id, (call) =>
      withEndpointCredentials(ctx, { ...wait.route, scope: wait.scope }, values, call),
    );
    result = await waitUntilSettled(read, result);
  }
  if (spec.method === 'DELETE') {
    // gh-style: a delete says what it deleted, on stderr; stdout stays empty for scripts. One
    // without an id (`mock faults clear`) says what it did.
    const ids = Object.values(pathParams).join(' ');
    process.stderr.write(
      ids ? `Deleted ${deletedNoun(spec.summary)} ${ids}\n` : `${clause(spec.summary)}: done\n`,
    );
    return;
  }
  if (spec.raw) {
    // A playlist, metrics text or video bytes: what the server sent, not a JSON string of it.
    process.stdout.write(result as string | Uint8Array);
    return;
  }
  // /v2 answers lists as `{ items }`: printed as rows, like a /v1 list; so does a list given its
  // columns, whose answer says more beside them (the journal's size).
  const rows = isItemList(result) || (spec.columns && hasItems(result)) ? result.items : result;
  await print(rows, { ...globals, ...(spec.columns && { columns: spec.columns }) });
}

/** A summary's main clause: "Remove every injected fault", not what follows `(` or `;`. */
function clause(summary: string): string {
  return summary.replace(/[;(].*$/, '').trim();
}

/**
 * One page by default, as `gh` and `stripe` do: a list command stays fast on a big project.
 * When more items exist, stderr says how many and how to get them, so a script that reads
 * stdout is never silently short.
 */
async function printPagedList(
  client: BaseNimbus,
  route: Route & { list: true },
  input: OperationInput,
  all: boolean,
  globals: GlobalOptions,
): Promise<void> {
  const first = await client.list(route, input);
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
  send: (input: OperationInput) => Promise<unknown>,
  input: OperationInput,
  all: boolean,
  globals: GlobalOptions,
): Promise<void> {
  const items: unknown[] = [];
  let query = input.query;
  for (;;) {
    const page = (await send({ ...input, query })) as {
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

/**
 * Whether the command can name a project: a flag, the environment or the profile, or an API key
 * alone, which belongs to one (the server reads the project from it).
 */
function hasProject(ctx: CommandContext<BaseNimbus>, env: NodeJS.ProcessEnv = process.env): boolean {
  if (ctx.projectId !== undefined) return true;
  const token = ctx.envToken ?? ctx.profile.access_token;
  return token === undefined && !!env.NIMBUS_API_KEY;
}

/** "Delete a CDN profile and all its endpoints" -> "CDN profile". */
function deletedNoun(summary: string): string {
  return summary
    .replace(/^(delete|remove)\s+(an?\s+|the\s+)?/i, '')
    .replace(/\s+(and|with|by)\s.*$|[;(].*$/, '')
    .trim();
}

function isItemList(value: unknown): value is { items: unknown[] } {
  return hasItems(value) && Object.keys(value).length <= 2;
}

function hasItems(value: unknown): value is { items: unknown[] } {
  return isRecord(value) && Array.isArray(value.items);
}

/**
 * Reads the resource `id` back as `wait` says: its `retrieve` (the last path placeholder is the
 * id, the others the command's own), or the list that holds it, looked through for the id.
 */
function readerOf(
  client: BaseNimbus,
  wait: WaitSpec,
  pathParams: Record<string, string>,
  id: string,
  withCredentials: (call: (options?: RequestOptions) => Promise<unknown>) => Promise<unknown>,
): () => Promise<Record<string, unknown> | undefined> {
  const keys = [...wait.route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const params = Object.fromEntries(keys.map((key) => [key, pathParams[key]!]));
  if (wait.by === 'retrieve') {
    if (keys.length > 0) params[keys.at(-1)!] = id;
    return async () =>
      (await withCredentials((options) => client.call(wait.route, { params } as never, options))) as Record<
        string,
        unknown
      >;
  }
  const input = {
    ...(keys.length > 0 && { params }),
    ...(wait.idFilter && { query: { [wait.idFilter]: id } }),
  };
  const found = (item: unknown): item is Record<string, unknown> => isRecord(item) && item.id === id;
  if (wait.route.list) {
    return () =>
      withCredentials(async () => {
        for await (const item of client.list(wait.route as Route & { list: true }, input as never))
          if (found(item)) return item;
        return undefined;
      }) as Promise<Record<string, unknown> | undefined>;
  }
  return async () => {
    const answer = await withCredentials((options) => client.call(wait.route, input as never, options));
    return (isItemList(answer) ? answer.items : []).find(found);
  };
}

/** Polls `read` until the resource has left its transitional state (`TRANSITIONAL`). */
async function waitUntilSettled(
  read: () => Promise<Record<string, unknown> | undefined>,
  first: Record<string, unknown>,
): Promise<unknown> {
  return withProgress(`Waiting for ${first.id}`, async (update) => {
    let current: Record<string, unknown> = first;
    const deadline = Date.now() + 10 * 60_000;
    while (typeof current.status === 'string' && TRANSITIONAL.has(current.status)) {
      update(`${first.id}: ${current.status}`);
      if (Date.now() > deadline)
        throw new UsageError(`Gave up waiting: ${first.id} is still ${current.status}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const next = await read();
      if (!next) throw new CommandFailed(`${first.id} is gone: it was ${current.status}`);
      current = next;
    }
    return current;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
