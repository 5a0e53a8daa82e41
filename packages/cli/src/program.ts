import { APIConnectionError, APIError } from '@nimbus/sdk';
import { Command, CommanderError, Option } from 'commander';
import { addContractCommands } from './commands/contract-commands';
import { addLoginCommands } from './commands/login';
import { addMockCommands } from './commands/mock';
import { ExitCode, UsageError } from './errors';

/** The whole `nimbus` command tree. */
export function buildProgram(): Command {
  const program = new Command('nimbus')
    .description('Nimbus CLI: scripted tenant setup over the SDK, and the reference server')
    .version('0.1.0')
    .option('--profile <name>', 'profile in the config file (env NIMBUS_PROFILE)')
    .option('--base-url <url>', 'server URL (env NIMBUS_BASE_URL; default http://127.0.0.1:4010)')
    .option('--project <id>', 'project id sent as X-Project-ID (env NIMBUS_PROJECT)')
    .addOption(new Option('-o, --output <format>', 'table (default on a terminal), json (default when piped) or yaml').choices(['table', 'json', 'yaml']))
    .option('-q, --quiet', 'print ids only')
    .showHelpAfterError()
    .exitOverride();
  addLoginCommands(program);
  addMockCommands(program);
  addContractCommands(program);
  for (const command of allCommands(program)) command.exitOverride();
  return program;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...allCommands(c)]);
}

/** Runs the CLI and answers the exit code: 0 ok, 1 API error, 2 usage error. */
export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n`);
      return ExitCode.usage;
    }
    if (error instanceof APIError) {
      process.stderr.write(`error: ${error.message} (${error.code ?? error.status})\n`);
      if (error.details !== undefined) process.stderr.write(`${JSON.stringify(error.details, null, 2)}\n`);
      return ExitCode.apiError;
    }
    if (error instanceof APIConnectionError) {
      process.stderr.write(`error: cannot reach the server: ${error.message}\n`);
      return ExitCode.apiError;
    }
    throw error;
  }
}
