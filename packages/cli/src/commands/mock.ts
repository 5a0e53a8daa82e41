import { chmod, readFile, writeFile } from 'node:fs/promises';
import type { RunningServer } from '@nimbus/mock-server';
import type { Nimbus } from '@nimbus/sdk';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { examples } from '../help';
import { print } from '../output/print';
import { hiddenAlias } from './hidden-alias';
import { addMockOperationCommands, mockContext } from './mock-operations';
import { addMockProxyCommand } from './mock-proxy';
import { addMockUiCommand } from './mock-ui';

interface StartOptions {
  port: number;
  host: string;
  state?: string;
  inMemory?: boolean;
  fsync: 'always' | 'everysec' | 'no';
  delay: number;
  /** A file path, false for --no-seed, undefined for the demo tenant. */
  seed?: string | false;
  simulator: boolean;
  /** false for --no-login-throttle. */
  loginThrottle: boolean;
  allowedHost: string[];
  corsOrigin: string[];
  strict?: boolean;
}

interface FaultAddOptions {
  method?: string;
  path?: string;
  query: string[];
  header: string[];
  status?: number;
  code?: string;
  message?: string;
  body?: string;
  contentType?: string;
  delay?: number;
  dropConnection?: boolean;
  slowBody?: number;
  probability?: number;
  seed?: number;
  times?: number;
}

interface RequestsOptions {
  method?: string;
  path?: string;
  status?: number;
  divergent?: boolean;
}

type RequestsQuery = NonNullable<Parameters<Nimbus['mock']['requests']['list']>[0]>;

function integer(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number ${min}-${max}`);
    return n;
  };
}

/** `nimbus mock ...`: start and drive the reference server (docs/decisions/0007-mock-control.md). */
export function addMockCommands(program: Command): void {
  const mock = program.command('mock').description('Start and drive the reference server');

  mock
    .command('start')
    .description('Start the reference server (state in .nimbus/state.json unless --in-memory)')
    .option('--port <port>', 'port to listen on', integer('--port', 0, 65535), 4010)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .addOption(new Option('--state <file>', 'state file').conflicts('inMemory'))
    .option('--in-memory', 'keep state in memory only')
    .addOption(
      new Option(
        '--fsync <policy>',
        'when changes logged to the state file are forced to the disk: always (before each answer), everysec, or no; a crash of the process loses nothing under any',
      )
        .choices(['always', 'everysec', 'no'])
        .default('everysec'),
    )
    .option('--delay <ms>', 'lifecycle transition delay', integer('--delay', 0, 600_000), 1500)
    .option(
      '--seed <file>',
      'state JSON (as written by `nimbus mock state export`) to load into an empty state instead of the demo tenant',
    )
    .option('--no-seed', 'start empty: no demo tenant')
    .option('--no-simulator', 'no simulated camera detections')
    .option(
      '--no-login-throttle',
      'no 429 after repeated failed logins (10 per email, 100 per client address in 15 min): for load tests',
    )
    .option(
      '--allowed-host <host>',
      'a Host name to answer besides loopback names and the bind address, e.g. myapp.test or .myapp.test for its subdomains; repeatable (env NIMBUS_ALLOWED_HOSTS, comma-separated)',
      collect,
      [],
    )
    .option(
      '--cors-origin <origin>',
      "an origin whose pages may call the APIs besides loopback ones, e.g. https://app.test; '*' for any; repeatable (env NIMBUS_CORS_ORIGINS, comma-separated)",
      collect,
      [],
    )
    .option(
      '--strict',
      'refuse request bodies with fields the contract does not declare (400) instead of naming them in a Nimbus-Warning header',
    )
    .addHelpText(
      'after',
      '\nThe global --control-token <token> (env NIMBUS_CONTROL_TOKEN) makes every /__mock route require it.\nListening on an address other than loopback without one, the server makes one and prints it.\nNIMBUS_METRICS_USERNAME and NIMBUS_METRICS_PASSWORD set the basic auth of /v2/metrics (default metrics:metrics\non loopback; beyond it, without a password, the server makes one and prints it).',
    )
    .addHelpText(
      'after',
      examples([
        'nimbus mock start --in-memory --delay 0',
        'nimbus mock start --host 0.0.0.0 --allowed-host myapp.test --cors-origin https://app.test',
      ]),
    )
    .action(async (options: StartOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const allowedHosts = [...options.allowedHost, ...listOf(process.env.NIMBUS_ALLOWED_HOSTS)];
      const origins = [...options.corsOrigin, ...listOf(process.env.NIMBUS_CORS_ORIGINS)];
      const controlToken = globals.controlToken ?? (process.env.NIMBUS_CONTROL_TOKEN || undefined);
      // The credentials `health metrics` sends; beyond loopback without them, the server makes a password.
      const metricsUser = process.env.NIMBUS_METRICS_USERNAME || undefined;
      const metricsPassword = process.env.NIMBUS_METRICS_PASSWORD || undefined;
      const seedFile = typeof options.seed === 'string' ? options.seed : undefined;
      // Loaded here only: every other command starts faster without the server's code.
      const {
        consoleLogger,
        createServer,
        DEFAULT_STATE_PATH,
        StateFileError,
        StateFileLinkError,
        StateFileLockedError,
      } = await import('@nimbus/mock-server');
      let server: RunningServer;
      try {
        server = await createServer({
          port: options.port,
          host: options.host,
          statePath: options.state ?? DEFAULT_STATE_PATH,
          inMemory: options.inMemory,
          fsync: options.fsync,
          transitionDelayMs: options.delay,
          seed: options.seed === undefined,
          simulator: options.simulator,
          loginThrottle: options.loginThrottle ? undefined : false,
          allowedHosts,
          corsOrigins: origins.includes('*') ? '*' : origins,
          controlToken,
          metricsUser,
          metricsPassword,
          strict: options.strict === true,
          // Never the test cost, even when started from a test runner (NODE_ENV=test).
          passwordCost: 'standard',
          logger: consoleLogger,
        });
      } catch (error) {
        if (
          error instanceof StateFileError ||
          error instanceof StateFileLinkError ||
          error instanceof StateFileLockedError
        )
          throw new UsageError(error.message);
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
          throw new CommandFailed(
            `${options.host}:${options.port} is in use: stop what listens there, or pass --port <port> (0 picks a free one)`,
          );
        throw error;
      }
      if (seedFile && server.fresh) {
        const state = await readJsonFile(seedFile);
        await fetch(`${server.url}/__mock/state`, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            ...(server.controlToken && { authorization: `Bearer ${server.controlToken}` }),
          },
          body: JSON.stringify(state),
        }).then(async (r) => {
          if (!r.ok) throw new UsageError(`Seed file ${seedFile} was refused: ${await r.text()}`);
        });
      }
      const config = server.app.runtime.config;
      const lines = [
        `Nimbus reference server listening on ${server.url}`,
        // Each URL printed answers when opened: the APIs' roots have no route of their own.
        `  API docs    ${server.url}/docs`,
        `  cloud API   ${server.url}/api/v1/openapi.json (routes under /api/v1)`,
        `  video API   ${server.url}/v2/openapi.json (routes under /v2)`,
        `  state       ${options.inMemory ? 'in memory' : `${server.store.location} (fsync ${options.fsync})`}`,
        `  metrics     ${server.url}/v2/metrics (basic auth ${config.metricsUser}:${config.metricsPassword})`,
        `  dashboard   ${server.url}/__mock/ui${server.controlToken ? '?token=<control token>' : ''}`,
        `  browsers    pages on loopback origins${corsNote(config.corsOrigins)}`,
      ];
      if (server.controlToken && !controlToken) {
        lines.push(
          `  control     /__mock/* need this token (shown once): ${server.controlToken}`,
          '              pass it as --control-token or NIMBUS_CONTROL_TOKEN to `nimbus mock` commands',
        );
      } else if (server.controlToken) {
        lines.push('  control     /__mock/* need the control token given at start');
      }
      if (server.demo) {
        lines.push(
          '',
          'Demo tenant',
          `  email       ${server.demo.email}`,
          `  password    ${server.demo.password}`,
          `  project     ${server.demo.projectId}`,
          `  token       ${server.demo.accessToken}`,
          '',
          'Try (paste into a shell):',
          `  export TOKEN=${server.demo.accessToken} PROJECT=${server.demo.projectId}`,
          `  curl -H "Authorization: Bearer $TOKEN" -H "X-Project-ID: $PROJECT" ${server.url}/api/v1/instances`,
        );
      }
      // The command lasts as long as the server: it ends (exit 0) once a signal has closed it.
      // The handlers are in place before the banner says the server is up: a supervisor that
      // stops it as soon as it reads the banner must not find the default action (death by signal).
      const stopped = new Promise<void>((resolve) => {
        const stop = () => {
          void server.close().then(resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      process.stdout.write(`${lines.join('\n')}\n`);
      await stopped;
    });

  addMockUiCommand(mock);
  addMockProxyCommand(mock);

  mock
    .command('reset')
    .description('Empty the server state')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples(['nimbus mock reset --yes']))
    .action(async (options: { yes?: boolean }, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      await confirmed(options, `Empty the whole state of ${client.baseUrl}?`);
      await client.mock.reset();
      process.stderr.write('State reset\n');
    });

  mock
    .command('token')
    .description('Log in (the demo user by default) and print a fresh access token')
    .option('--email <email>', 'user email (default: the demo user)')
    .option('--password <password>', "user password (default: the demo user's)")
    .addHelpText('after', examples(['nimbus mock token', 'nimbus mock token | nimbus login --token-stdin']))
    .action(async (options: { email?: string; password?: string }, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      const { DEMO_USER } = await import('@nimbus/mock-server');
      const email = options.email ?? DEMO_USER.email;
      const password = options.password ?? (options.email ? undefined : DEMO_USER.password);
      if (password === undefined) throw new UsageError('--password is required with --email');
      const result = await client.auth.login({ email, password });
      process.stdout.write(`${result.access_token}\n`);
    });

  const clock = mock.command('clock').description('Show, move, freeze and unfreeze the simulated clock');
  // The default: `nimbus mock clock` alone still shows it.
  clock
    .command('retrieve', { isDefault: true })
    .description('Show the simulated clock')
    .addHelpText('after', examples(['nimbus mock clock retrieve', 'nimbus mock clock retrieve -o yaml']))
    .action(async (_o: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      await print(await client.mock.clock.retrieve(), globals);
    });
  clock
    .command('advance')
    .description('Move the simulated clock forward')
    .argument('<seconds>', 'seconds to advance', (v) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('seconds must be a number >= 0');
      return n;
    })
    .addHelpText('after', examples(['nimbus mock clock advance 3600']))
    .action(async (seconds: number, _o: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      await print(await client.mock.clock.advance({ seconds }), globals);
    });
  for (const [name, frozen, description] of [
    ['freeze', true, 'Stop simulated time: nothing comes due until `nimbus mock clock advance`'],
    ['unfreeze', false, 'Let simulated time run on from where it stands'],
  ] as const) {
    clock
      .command(name)
      .description(description)
      .addHelpText('after', examples([`nimbus mock clock ${name}`]))
      .action(async (_o: unknown, command: Command) => {
        const globals = command.optsWithGlobals() as GlobalOptions;
        const { client } = await mockContext(globals);
        await print(await client.mock.clock.freeze({ frozen }), globals);
      });
  }

  mock
    .command('requests')
    .description('The request journal')
    // The default: `nimbus mock requests --method POST` still lists.
    .command('list', { isDefault: true })
    .description('The request journal: recent requests to the server, oldest first, credentials redacted')
    .option('--method <method>', 'only this method (GET, POST, ...)', (v: string) => v.toUpperCase())
    .option('--path <path>', 'only this path, or a prefix ending in *')
    .option('--status <status>', 'only requests answered with this status', integer('--status', 100, 599))
    .option('--divergent', 'only requests whose answer differs from the contract (nimbus mock proxy)')
    .addHelpText(
      'after',
      examples([
        'nimbus mock requests list',
        "nimbus mock requests list --method POST --path '/api/v1/instances*' --status 201",
        'nimbus mock requests list --divergent -o json',
      ]),
    )
    .action(async (options: RequestsOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      const { data: items } = await client.mock.requests.list({
        method: options.method as RequestsQuery['method'],
        path: options.path,
        status: options.status,
        divergent: options.divergent,
      });
      await print(items, { ...globals, columns: ['time', 'method', 'path', 'status', 'request_id'] });
    });

  addFaultCommands(mock);

  mock
    .command('webhooks')
    .description('Webhook deliveries of every project')
    .command('deliveries')
    .description('Every webhook delivery attempt')
    .command('list')
    .description(
      'Every webhook delivery attempt of every project, oldest first: not_sent for a host the server does not send to',
    )
    .option('--project-id <id>', 'only attempts of this project')
    .option('--subscription-id <id>', 'only attempts of this subscription')
    .addHelpText(
      'after',
      examples(['nimbus mock webhooks deliveries list', 'nimbus mock webhooks deliveries list -o json']),
    )
    .action(async (options: { projectId?: string; subscriptionId?: string }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      const { data: items } = await client.mock.webhookDeliveries.list({
        project_id: options.projectId,
        subscription_id: options.subscriptionId,
      });
      await print(items, {
        ...globals,
        columns: [
          'attempted_at',
          'subscription_id',
          'event_type',
          'attempt',
          'status',
          'status_code',
          'error',
        ],
      });
    });

  addStateCommands(mock);
  addMockOperationCommands(mock);
}

/**
 * `nimbus mock state export|import`: the whole state (`exportState`, `importState`). The old
 * `nimbus mock export|import` stay as hidden aliases.
 */
function addStateCommands(mock: Command): void {
  const state = mock.command('state').description('Export and import the whole state as JSON');
  defineStateExport(state.command('export'));
  defineStateImport(state.command('import'));
  hiddenAlias(mock, 'export', defineStateExport);
  hiddenAlias(mock, 'import', defineStateImport);
}

function defineStateExport(command: Command): void {
  command
    .description('Write the whole state as JSON (to stdout, or --file)')
    .option('--file <path>', 'write to this file')
    .option(
      '--include-secret',
      'add the signing secret: tokens issued before stay valid after an import elsewhere (whoever holds the file can sign tokens)',
    )
    .addHelpText(
      'after',
      examples(['nimbus mock state export --file state.json', 'nimbus mock state export > state.json']),
    )
    .action(async (options: { file?: string; includeSecret?: boolean }, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      const query = options.includeSecret ? { include_secret: true } : undefined;
      const text = `${JSON.stringify(await client.mock.exportState(query), null, 2)}\n`;
      if (options.file) await writePrivateFile(options.file, text);
      else process.stdout.write(text);
    });
}

function defineStateImport(command: Command): void {
  command
    .description('Replace the whole state with a JSON export')
    .argument('<file>', 'a state file written by `nimbus mock state export`')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples(['nimbus mock state import state.json --yes']))
    .action(async (file: string, options: { yes?: boolean }, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      // A file that cannot be read is reported before anything is asked.
      const state = await readJsonFile(file);
      await confirmed(options, `Replace the whole state of ${client.baseUrl} with ${file}?`);
      await client.mock.importState(state);
      process.stderr.write(`State imported from ${file}\n`);
    });
}

/**
 * `nimbus mock faults create|list|delete|clear`: the injected faults (`/__mock/faults`). The old
 * `add` and `rm` stay as hidden aliases.
 */
function addFaultCommands(mock: Command): void {
  const faults = mock
    .command('faults')
    .description('Inject faults into matching requests, list and remove them');
  defineFaultCreate(faults.command('create'));
  hiddenAlias(faults, 'add', defineFaultCreate);

  faults
    .command('list')
    .description('The faults in force, in the order they are tried')
    .addHelpText('after', examples(['nimbus mock faults list', 'nimbus mock faults list -q']))
    .action(async (_o: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      const { data: items } = await client.mock.faults.list();
      await print(items, {
        ...globals,
        columns: ['id', 'method', 'path', 'status', 'delay_ms', 'remaining'],
      });
    });

  defineFaultDelete(faults.command('delete'));
  hiddenAlias(faults, 'rm', defineFaultDelete);

  faults
    .command('clear')
    .description('Remove every fault')
    .addHelpText('after', examples(['nimbus mock faults clear']))
    .action(async (_o: unknown, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      await client.mock.faults.clear();
      process.stderr.write('Faults cleared\n');
    });
}

function defineFaultCreate(command: Command): void {
  command
    .description('Add a fault: an error or raw answer, a delay, a dropped connection or a slow body')
    .option('--method <method>', 'only this method (any case)')
    .option(
      '--path <path>',
      'only this path: exact, a prefix ending in *, or a template with {name} segments',
    )
    .option('--query <name=value>', 'only requests with this query parameter; repeatable', collect, [])
    .option('--header <name:value>', 'only requests with this header; repeatable', collect, [])
    .option('--status <status>', 'answer this status', integer('--status', 200, 599))
    .option('--code <code>', 'error code of the answer (default by status)')
    .option('--message <message>', 'error message of the answer')
    .option('--body <text>', 'a raw body to answer instead of the error envelope')
    .option('--content-type <type>', 'content type of --body (default application/json)')
    .option('--delay <ms>', 'wait this long first', integer('--delay', 0, 60_000))
    .option('--drop-connection', 'close the connection without an answer')
    .option('--slow-body <ms>', 'send the body in pieces over this long', integer('--slow-body', 1, 60_000))
    .option('--probability <p>', 'chance from 0 to 1 that a matching request meets it', fraction)
    .option(
      '--seed <n>',
      'seed of the --probability draws, so a run repeats',
      integer('--seed', 0, 2 ** 32 - 1),
    )
    .option(
      '--times <n>',
      'how many requests it applies to (default: until removed)',
      integer('--times', 1, 1_000_000),
    )
    .addHelpText(
      'after',
      examples([
        "nimbus mock faults create --method GET --path '/api/v1/instances/{id}' --status 503 --times 2",
        "nimbus mock faults create --path '/api/v1/*' --delay 2000 --probability 0.1 --seed 7",
      ]),
    )
    .action(async (options: FaultAddOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const { client } = await mockContext(globals);
      const fault = await client.mock.faults.create({
        method: options.method,
        path: options.path,
        query: options.query.length > 0 ? pairs(options.query, '=', '--query') : undefined,
        headers: options.header.length > 0 ? pairs(options.header, ':', '--header') : undefined,
        status: options.status,
        code: options.code,
        message: options.message,
        body: options.body,
        content_type: options.contentType,
        delay_ms: options.delay,
        drop_connection: options.dropConnection,
        slow_body_ms: options.slowBody,
        probability: options.probability,
        seed: options.seed,
        times: options.times,
      });
      await print(fault, globals);
    });
}

function defineFaultDelete(command: Command): void {
  command
    .description('Remove faults by id')
    .argument('<fault-id...>', 'ids of the faults, as `nimbus mock faults list` shows them')
    .addHelpText(
      'after',
      examples([
        'nimbus mock faults delete <fault-id>',
        'nimbus mock faults list -q | xargs nimbus mock faults delete',
      ]),
    )
    .action(async (ids: string[], _o: unknown, command: Command) => {
      const { client } = await mockContext(command.optsWithGlobals() as GlobalOptions);
      for (const id of ids) {
        await client.mock.faults.delete(id);
        process.stderr.write(`Removed fault ${id}\n`);
      }
    });
}

function fraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError('--probability must be a number from 0 to 1');
  return n;
}

/** `name=value` (or `Name: value`) entries as an object; an entry without the separator is a usage error. */
function pairs(entries: readonly string[], separator: string, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries) {
    const at = entry.indexOf(separator);
    if (at <= 0) throw new UsageError(`${flag} takes name${separator}value, got "${entry}"`);
    out[entry.slice(0, at).trim()] = entry.slice(at + 1).trim();
  }
  return out;
}

/** Commander's way to gather a repeatable option's values. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** A comma-separated environment variable's entries. */
function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function corsNote(origins: '*' | readonly string[]): string {
  if (origins === '*') return ' and any other (--cors-origin *)';
  return origins.length > 0 ? ` and ${origins.join(', ')}` : ' (--cors-origin <origin> for others)';
}

/** A state document from disk; a missing or broken file is a usage error (exit 2). */
async function readJsonFile(file: string): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`${file} must hold a JSON object`);
  return value as Record<string, unknown>;
}

/** Both replace everything the server holds: asked on a terminal, `--yes` without one. */
async function confirmed(options: { yes?: boolean }, question: string): Promise<void> {
  if (options.yes) return;
  const { confirm } = await import('./prompt');
  if (!(await confirm(question))) throw new CommandFailed('Not confirmed: nothing was changed');
}

/**
 * A state export holds password hashes (and with `--include-secret` the signing secret): its
 * owner alone may read it, as the server's own state file. An existing file is narrowed first.
 */
async function writePrivateFile(path: string, text: string): Promise<void> {
  await chmod(path, 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(path, text, { mode: 0o600 });
}
