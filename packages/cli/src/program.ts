import { readFileSync } from 'node:fs';
import { type Command, CommanderError, Option } from 'commander';
import { tokenExpiry } from './auth/token-expiry';
import { addApplyCommands } from './commands/apply';
import { addAuthCommands } from './commands/auth';
import { addCompletionCommand } from './commands/completion';
import { addContractCommands } from './commands/contract-commands';
import { addEventsTailCommand } from './commands/events-tail';
import { kebab } from './commands/flags';
import { addLoginCommands } from './commands/login';
import { addMockCommands } from './commands/mock';
import type { GroupSpec, OperationSpec } from './commands/operation-spec';
import { addVerifyCommand } from './commands/verify';
import { pendingProfileWrites } from './config/profiles';
import { DEFAULT_TIMEOUT_SECONDS, serverOfRun } from './context';
import { CommandFailed, ExitCode, Interrupted, UsageError, VersionAsked } from './errors';
import { expandHelpCommand, HELP_COMMAND, helpConfiguration } from './help';
import { HintingCommand, usageHint } from './usage';

export const VERSION = '0.1.0';

/**
 * `-V, --version` is not a program option: commander would take it anywhere on the line, and
 * swallow an endpoint's own `--version` field. It is read among the program options before the
 * command (`nimbus --debug --version`), and after a command without a `--version` field of its
 * own (`HintingCommand`).
 */
const VERSION_FLAGS = new Set(['-V', '--version']);

/**
 * The hand-written commands in the order they are added (the contract's groups between `mock`
 * and `events`: `auth`, `mock` and `events` extend the group of their name), each with the
 * top-level commands it adds. `test/command-tree.test.ts` checks the names against what the
 * functions add.
 */
export const HANDWRITTEN_COMMANDS: readonly HandwrittenCommands[] = [
  { names: ['login', 'logout', 'whoami', 'use'], add: addLoginCommands },
  { names: ['auth'], add: addAuthCommands },
  { names: ['apply', 'export'], add: addApplyCommands },
  { names: ['mock'], add: addMockCommands },
  { names: ['verify'], add: addVerifyCommand },
  { names: ['events'], add: addEventsTailCommand, afterContract: true },
  // Generated from the whole tree when it runs: never built alone.
  { names: ['completion'], add: addCompletionCommand, afterContract: true },
];

interface HandwrittenCommands {
  names: readonly string[];
  add: (program: Command) => void;
  afterContract?: boolean;
}

/**
 * The `nimbus` command tree, the contract's operations given as specs (see `loadOperations`).
 * Given the command line, only the top-level command it runs, when it names one other than
 * `completion` and `help`: commander needs no other, and making them all was a third of what
 * a list command spent before sending its request.
 */
export function buildProgram(operations: readonly GroupSpec[], argv?: readonly string[]): Command {
  const program = programWithOptions();
  program.configureHelp(helpConfiguration(program)).helpCommand(HELP_COMMAND);
  const only = argv && runsOne(operations, commandWord(program, argv.slice(2)));
  const wanted = (names: readonly string[]) => only === undefined || names.includes(only);
  const addHandwritten = (afterContract: boolean) => {
    for (const command of HANDWRITTEN_COMMANDS) {
      if (!!command.afterContract === afterContract && wanted(command.names)) command.add(program);
    }
  };
  addHandwritten(false);
  addContractCommands(
    program,
    operations.filter((group) => wanted([kebab(group.group)])),
  );
  addHandwritten(true);
  for (const command of [program, ...allCommands(program)]) command.exitOverride();
  return program;
}

/** The program and the options every command takes, without any command. */
function programWithOptions(): Command {
  return new HintingCommand('nimbus')
    .description('Nimbus CLI: scripted tenant setup over the SDK, and the reference server')
    .option('--profile <name>', 'profile in the config file (env NIMBUS_PROFILE)')
    .option('--base-url <url>', 'server URL (env NIMBUS_BASE_URL; default http://127.0.0.1:4010)')
    .option('--project <id>', 'project id sent as X-Project-ID (env NIMBUS_PROJECT)')
    .option(
      '--control-token <token>',
      "the reference server's control token, for `mock` commands (env NIMBUS_CONTROL_TOKEN; profile control_token)",
    )
    .addOption(
      new Option(
        '-o, --output <format>',
        'table (default on a terminal), json (default when piped) or yaml',
      ).choices(['table', 'json', 'yaml']),
    )
    .option('-q, --quiet', 'print ids only')
    .option(
      '--timeout <seconds>',
      `seconds to wait for each answer of the server (env NIMBUS_TIMEOUT; default ${DEFAULT_TIMEOUT_SECONDS})`,
    )
    .option(
      '--debug',
      'print each HTTP request and response, with its request id, on stderr (env NIMBUS_DEBUG=1)',
    )
    .exitOverride();
}

/**
 * The first word of the arguments that is neither a program option nor its value: the top-level
 * command, if the line names one. Which options take a value is read from `program`.
 */
function commandWord(program: Command, args: readonly string[]): string | undefined {
  const word = leadingOptions(program, args);
  return typeof word === 'string' ? word : undefined;
}

/**
 * Reads the program options before the command: answers the command word, `VERSION_FLAGS` when
 * one of them comes first, or undefined at an option the program does not know (or short ones
 * run together: commander reads them, with the whole tree) and at the end of the line.
 */
function leadingOptions(
  program: Command,
  args: readonly string[],
): string | typeof VERSION_FLAGS | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return args[i + 1];
    if (!arg.startsWith('-')) return arg;
    if (VERSION_FLAGS.has(arg)) return VERSION_FLAGS;
    const [flag, value] = arg.startsWith('--') ? arg.split('=', 2) : [arg];
    const option = program.options.find((o) => o.short === flag || o.long === flag);
    if (!option) return undefined;
    if ((option.required || option.optional) && value === undefined) i++;
  }
  return undefined;
}

/** `word`, when it is a top-level command that can be built alone. */
function runsOne(operations: readonly GroupSpec[], word: string | undefined): string | undefined {
  if (word === undefined || word === 'completion') return undefined;
  const known =
    HANDWRITTEN_COMMANDS.some(({ names }) => names.includes(word)) ||
    operations.some((group) => kebab(group.group) === word);
  return known ? word : undefined;
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
  if (leadingOptions(programWithOptions(), argv.slice(2)) === VERSION_FLAGS) return printVersion();
  const program = buildProgram(await commandTree(argv), argv);
  let active: Command = program;
  program.hook('preAction', (_program, actionCommand) => {
    active = actionCommand;
  });
  try {
    await program.parseAsync([...argv.slice(0, 2), ...expandHelpCommand(program, argv.slice(2))]);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof VersionAsked) return printVersion();
    if (error instanceof Interrupted) {
      // The prompt's line was ended; a shell prints nothing more after Ctrl-C.
      return error.exitCode;
    }
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
      return error.exitCode;
    }
    // The SDK is loaded only once a command has called it: its errors are classified then.
    const { APIConnectionError, APIError, APITimeoutError, NimbusError } = await import('@nimbus/sdk/base');
    if (error instanceof APIError) {
      writeError(`${error.message} (${error.code ?? error.status})`);
      writeRequestId(error.requestId);
      if (error.code === 'UNAUTHENTICATED')
        process.stderr.write(`hint: ${unauthenticatedHint(error.message)}\n`);
      if (error.details !== undefined) process.stderr.write(`${JSON.stringify(error.details, null, 2)}\n`);
      return ExitCode.apiError;
    }
    if (error instanceof APIConnectionError) {
      writeError(unreachableText(error, error instanceof APITimeoutError));
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

/** Where the build wrote the operation specs: `index.json` (the groups) and a file per group. */
const BUILT_OPERATIONS = new URL('./operations/', import.meta.url);

/**
 * The operation specs of every group: the files the build wrote beside the bundle
 * (`dist/operations/`); from the sources, where there is no build, computed from the contract.
 */
export async function loadOperations(): Promise<GroupSpec[]> {
  const groups = readBuiltGroups();
  if (!groups) return (await import('./commands/operations')).describeOperations();
  return groups.map((group) => ({ ...group, operations: readBuiltOperations(group.group) }));
}

/**
 * The groups, with the operations of those named on the command line only (of every group for
 * shell completion, which lists them all); the others keep their name and description for
 * `--help`. Reading and making a command for every operation of every group was most of what
 * building the tree cost.
 */
async function commandTree(argv: string[]): Promise<GroupSpec[]> {
  const words = new Set(argv.slice(2));
  if (words.has('completion')) return loadOperations();
  const groups = readBuiltGroups() ?? (await import('./commands/operations')).describeOperations();
  return groups.map((group) => {
    if (!words.has(kebab(group.group))) return { ...group, operations: [] };
    return group.operations.length > 0 ? group : { ...group, operations: readBuiltOperations(group.group) };
  });
}

/**
 * `dist/operations/index.json`, or undefined when running from the sources. Read synchronously:
 * a few kilobytes, and `node:fs/promises` (with the thread pool behind it) is not loaded for it.
 */
function readBuiltGroups(): GroupSpec[] | undefined {
  try {
    return JSON.parse(readFileSync(new URL('index.json', BUILT_OPERATIONS), 'utf8')) as GroupSpec[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function readBuiltOperations(group: string): OperationSpec[] {
  return JSON.parse(readFileSync(new URL(`${group}.json`, BUILT_OPERATIONS), 'utf8')) as OperationSpec[];
}

function printVersion(): number {
  process.stdout.write(`${VERSION}\n`);
  return ExitCode.ok;
}

/**
 * Why no answer came, naming the server: `cannot reach the server at http://127.0.0.1:4010
 * (ECONNREFUSED)`, or the time limit that ran out and how to change it.
 */
function unreachableText(error: Error, timedOut: boolean): string {
  const server = serverOfRun();
  const at = server ? ` at ${server.baseUrl}` : '';
  if (timedOut) {
    const within = server ? ` within ${server.timeoutSeconds} s` : '';
    return `no answer from the server${at}${within} (each attempt): --timeout <seconds> or NIMBUS_TIMEOUT allows more`;
  }
  return `cannot reach the server${at} (${causeOf(error)})`;
}

/** The system error code under an error (`ECONNREFUSED`, `ENOTFOUND`), else the innermost message. */
function causeOf(error: Error): string {
  let inner: unknown = error.cause;
  let message = error.message;
  for (let depth = 0; inner instanceof Error && depth < 5; depth++) {
    const { code } = inner as { code?: unknown };
    if (typeof code === 'string') return code;
    message = inner.message;
    inner = inner.cause;
  }
  return message;
}

/** What to do about a refused login: `NIMBUS_TOKEN`, when set, stands in for the profile's. */
function unauthenticatedHint(message: string): string {
  const run = serverOfRun();
  const expiry = run?.accessToken ? tokenExpiry(run.accessToken) : undefined;
  // Expired for the server, not yet by this machine's clock: the server's clock was moved on.
  if (/expired/i.test(message) && expiry !== undefined && expiry.getTime() > Date.now()) {
    const advanced = "the server's clock was advanced (`nimbus mock clock advance`) past the token's life";
    if (run?.envToken)
      return `${advanced}, and NIMBUS_TOKEN cannot be refreshed: set it to a new token (\`nimbus mock token\`), or unset it to use the profile`;
    if (!run?.refreshable)
      return `${advanced}, and a token given to \`login --token-stdin\` cannot be refreshed: log in again with \`nimbus login\` (a login with a password refreshes itself) or \`nimbus mock token | nimbus login --token-stdin\``;
    return `${advanced}, and the session's refresh token with it: log in again with \`nimbus login\``;
  }
  if (!run?.envToken) return 'log in with `nimbus login`';
  return "NIMBUS_TOKEN is set and used instead of the profile's login: fix it, or unset it to use the profile (`nimbus login`)";
}

/** One `error:` line per line of the message (a tenant file can have several problems). */
function writeError(message: string): void {
  for (const line of message.split('\n')) process.stderr.write(`error: ${line}\n`);
}

/** The id to quote when asking about a failed call: the server logs it with the request. */
function writeRequestId(requestId: string | null | undefined): void {
  if (requestId) process.stderr.write(`request id: ${requestId}\n`);
}
