import type { RunningServer } from '@nimbus/mock-server';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import { examples } from '../help';
import { addDocsAssetCommand } from './mock-docs-asset';
import { mockContext, readJsonFile } from './mock-extensions';
import { addMockProxyCommand } from './mock-proxy';
import { addMockUiCommand } from './mock-ui';
import { serveUntilSignal } from './serve-until-signal';

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

function integer(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`${name} must be a whole number ${min}-${max}`);
    return n;
  };
}

/**
 * `nimbus mock ...`: start and drive the reference server (docs/decisions/0007-mock-control.md).
 * The commands here are the local ones (`start`, `ui`, `token`, `docs asset`); one per control
 * route (`mock faults create`, `mock state export`, ...) is generated from the contract with the
 * API's commands (`contract-commands.ts`).
 */
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
      await serveUntilSignal(server, lines);
    });

  addMockUiCommand(mock);
  addMockProxyCommand(mock);

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

  addDocsAssetCommand(mock);
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
