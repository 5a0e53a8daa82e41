import type { Command } from 'commander';
import { type CommandContext, commandContext, type GlobalOptions } from '../context';
import { CommandFailed, UsageError } from '../errors';
import type { OperationSpec } from './operation-spec';

/**
 * What the generated commands of the reference server's control routes cannot know, by
 * operation id, added on top of the generated command (its name, summary, flags and example
 * stay the contract's): a state export written to a private file, a state import read from the
 * file it names, and a reset that says what it did. Each replaces the command's action.
 */
export const MOCK_EXTENSIONS: Record<string, (command: Command, spec: OperationSpec) => void> = {
  'mock.reset': (command) => {
    command.action(async (values: { yes?: boolean }, self: Command) => {
      const { client } = await mockContext(self.optsWithGlobals() as GlobalOptions);
      await confirmed(values, `Empty the whole state of ${client.baseUrl}?`);
      await client.mock.reset();
      process.stderr.write('State reset\n');
    });
  },

  'mock.state.export': (command, spec) => {
    command
      .option('--file <path>', 'write to this file (readable by its owner only) instead of stdout')
      .addHelpText('after', '\nThe export is JSON on any output: `-o` does not change it.')
      .action(async (values: Record<string, unknown>, self: Command) => {
        const { readOperationInput } = await import('./operation-input');
        const { query } = await readOperationInput(spec, [], values);
        const { client } = await mockContext(self.optsWithGlobals() as GlobalOptions);
        const state = await client.mock.state.export(query as { include_secret?: boolean });
        const text = `${JSON.stringify(state, null, 2)}\n`;
        if (typeof values.file === 'string') await writePrivateFile(values.file, text);
        else process.stdout.write(text);
      });
  },

  'mock.state.import': (command) => {
    // The file is the command's argument, as `apply -f` takes one: `--from-file` would say it twice.
    const fromFile = command.options.findIndex((option) => option.long === '--from-file');
    if (fromFile >= 0) (command.options as unknown[]).splice(fromFile, 1);
    command
      .argument('<file>', 'a state file written by `nimbus mock state export`')
      .action(async (file: string, values: { yes?: boolean }, self: Command) => {
        const { client } = await mockContext(self.optsWithGlobals() as GlobalOptions);
        // A file that cannot be read is reported before anything is asked.
        const state = await readJsonFile(file);
        await confirmed(values, `Replace the whole state of ${client.baseUrl} with ${file}?`);
        await client.mock.state.import(state);
        process.stderr.write(`State imported from ${file}\n`);
      });
  },
};

/**
 * The context of a `mock` command: its requests take the control token, never the user's login,
 * so they run against any server, and a login through it (`mock token`) leaves the profile as it was.
 */
export function mockContext(globals: GlobalOptions): Promise<CommandContext> {
  return commandContext(globals, process.env, { session: false });
}

/** A state document from disk; a missing or broken file is a usage error (exit 2). */
export async function readJsonFile(file: string): Promise<Record<string, unknown>> {
  const { readFile } = await import('node:fs/promises');
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
  const { chmod, writeFile } = await import('node:fs/promises');
  await chmod(path, 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await writeFile(path, text, { mode: 0o600 });
}
