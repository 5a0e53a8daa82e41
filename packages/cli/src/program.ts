import { readFile } from 'node:fs/promises';
import { Command, CommanderError, Help, Option } from 'commander';
import { addApplyCommands } from './commands/apply';
import { addAuthCommands } from './commands/auth';
import { addCompletionCommand } from './commands/completion';
import { addContractCommands } from './commands/contract-commands';
import { addEventsTailCommand } from './commands/events-tail';
import { kebab } from './commands/flags';
import { addLoginCommands } from './commands/login';
import { addMockCommands } from './commands/mock';
import type { GroupSpec } from './commands/operation-spec';
import { pendingProfileWrites } from './config/profiles';
import { CommandFailed, ExitCode, UsageError } from './errors';
import { usageHint } from './usage';

export const VERSION = '0.1.0';

/**
 * `-V, --version` is read only as the first argument: as a program option commander would
 * take it anywhere on the line, and swallow an endpoint's own `--version` field.
 */
const VERSION_FLAGS = new Set(['-V', '--version']);

/** The whole `nimbus` command tree, the contract's operations given as specs (see `loadOperations`). */
export function buildProgram(operations: readonly GroupSpec[]): Command {
  const program = new Command('nimbus')
    .description('Nimbus CLI: scripted tenant setup over the SDK, and the reference server')
    .option('--profile <name>', 'profile in the config file (env NIMBUS_PROFILE)')
    .option('--base-url <url>', 'server URL (env NIMBUS_BASE_URL; default http://127.0.0.1:4010)')
    .option('--project <id>', 'project id sent as X-Project-ID (env NIMBUS_PROJECT)')
    .addOption(
      new Option(
        '-o, --output <format>',
        'table (default on a terminal), json (default when piped) or yaml',
      ).choices(['table', 'json', 'yaml']),
    )
    .option('-q, --quiet', 'print ids only')
    .option(
      '--debug',
      'print each HTTP request and response, with its request id, on stderr (env NIMBUS_DEBUG=1)',
    )
    .exitOverride();
  program.configureHelp({
    visibleOptions(this: Help, command: Command): Option[] {
      const options = Help.prototype.visibleOptions.call(this, command);
      return command === program ? [new Option('-V, --version', 'print the version'), ...options] : options;
    },
  });
  addLoginCommands(program);
  addAuthCommands(program);
  addApplyCommands(program);
  addMockCommands(program);
  addContractCommands(program, operations);
  addEventsTailCommand(program);
  addCompletionCommand(program);
  for (const command of [program, ...allCommands(program)]) {
    command.exitOverride();
    command.showHelpAfterError(usageHint(command));
  }
  return program;
}

export function allCommands(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** Runs the CLI and answers the exit code: 0 ok, 1 API error, 2 usage error. */
export async function run(argv: string[]): Promise<number> {
  try {
    return await runProgram(argv);
  } finally {
    // Tokens the SDK refreshed during the command must reach the profile before the process ends.
    await pendingProfileWrites();
  }
}

async function runProgram(argv: string[]): Promise<number> {
  if (argv.length === 3 && VERSION_FLAGS.has(argv[2]!)) {
    process.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const program = buildProgram(namedGroups(await loadOperations(), argv));
  let active: Command = program;
  program.hook('preAction', (_program, actionCommand) => {
    active = actionCommand;
  });
  try {
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help ends here too, with exit code 0.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof UsageError) {
      writeError(error.message);
      process.stderr.write(`${usageHint(active)}\n`);
      return ExitCode.usage;
    }
    if (error instanceof CommandFailed) {
      // The first line is the error; the next ones (what was done, what was not) are the report.
      const [first, ...rest] = error.message.split('\n');
      writeError(first ?? '');
      for (const line of rest) process.stderr.write(`${line}\n`);
      return ExitCode.apiError;
    }
    // The SDK is loaded only once a command has called it: its errors are classified then.
    const { APIConnectionError, APIError, NimbusError } = await import('@nimbus/sdk');
    if (error instanceof APIError) {
      writeError(`${error.message} (${error.code ?? error.status})`);
      writeRequestId(error.requestId);
      if (error.code === 'UNAUTHENTICATED') process.stderr.write('hint: log in with `nimbus login`\n');
      if (error.details !== undefined) process.stderr.write(`${JSON.stringify(error.details, null, 2)}\n`);
      return ExitCode.apiError;
    }
    if (error instanceof APIConnectionError) {
      writeError(`cannot reach the server: ${error.message}`);
      return ExitCode.apiError;
    }
    if (error instanceof NimbusError) {
      // A waiter that gave up, or an answer that does not match the contract.
      writeError(error.message);
      writeRequestId((error as { requestId?: string | null }).requestId);
      return ExitCode.apiError;
    }
    throw error;
  }
}

/**
 * The operation specs the build wrote beside the bundle (`dist/operations.json`); from the
 * sources, where there is no build, computed from the contract.
 */
export async function loadOperations(): Promise<GroupSpec[]> {
  try {
    return JSON.parse(await readFile(new URL('./operations.json', import.meta.url), 'utf8')) as GroupSpec[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return (await import('./commands/operations')).describeOperations();
  }
}

/**
 * The operations of the groups named on the command line (of every group for shell completion,
 * which lists them all); the other groups keep their name and description for `--help`. Making
 * a command per operation of every group was most of what building the tree cost.
 */
function namedGroups(groups: GroupSpec[], argv: string[]): GroupSpec[] {
  const words = new Set(argv.slice(2));
  if (words.has('completion')) return groups;
  return groups.map((group) => (words.has(kebab(group.group)) ? group : { ...group, operations: [] }));
}

/** One `error:` line per line of the message (a tenant file can have several problems). */
function writeError(message: string): void {
  for (const line of message.split('\n')) process.stderr.write(`error: ${line}\n`);
}

/** The id to quote when asking about a failed call: the server logs it with the request. */
function writeRequestId(requestId: string | null | undefined): void {
  if (requestId) process.stderr.write(`request id: ${requestId}\n`);
}
