import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { kebab } from '../src/commands/flags';
import { readOperationInput } from '../src/commands/operation-input';
import type { OperationSpec } from '../src/commands/operation-spec';
import { describeOperations } from '../src/commands/operations';
import { allCommands, buildProgram } from '../src/program';
import { commandPath } from '../src/usage';
import { runCli } from './helpers';

const operations = describeOperations();
const PROJECT = { NIMBUS_PROJECT: '0b5f3c1e-7a2d-4e8b-9c6f-1d2e3f4a5b6c' };

/** A command's whole help as `--help` prints it, the text after the options included. */
function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

/** The commands a line can run: those without subcommands. */
function runnable(program: Command): Command[] {
  return allCommands(program).filter((c) => c.commands.length === 0);
}

describe('nimbus help', () => {
  it('shows the help of the command its words name, at any depth, as --help does', async () => {
    const [help, nested, flag, top, programHelp] = await Promise.all([
      runCli(['help', 'databases', 'replicas', 'create'], {}),
      runCli(['databases', 'help', 'replicas', 'create'], {}),
      runCli(['databases', 'replicas', 'create', '--help'], {}),
      runCli(['help'], {}),
      runCli(['--help'], {}),
    ]);
    expect(flag.code).toBe(0);
    expect(flag.stdout).toMatch(/^Usage: nimbus databases replicas create \[options\] <database-id>/);
    for (const result of [help, nested]) {
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(flag.stdout);
    }
    expect(top.stdout).toBe(programHelp.stdout);
    expect(top.stdout).toContain('help [command...]');
  });

  it('refuses words that name no command, as the command line would', async () => {
    const [unknownGroup, unknownCommand] = await Promise.all([
      runCli(['help', 'databasez'], {}),
      runCli(['help', 'databases', 'replicas', 'promote'], {}),
    ]);
    expect(unknownGroup.code).toBe(2);
    expect(unknownGroup.stderr).toContain("error: unknown command 'databasez'");
    expect(unknownGroup.stderr).toContain('databases');
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.stderr).toContain("error: unknown command 'promote'");
    expect(unknownCommand.stdout).toBe('');
  });
});

describe('command help', () => {
  it('lists the program-wide flags under every subcommand', async () => {
    const [generated, handWritten] = await Promise.all([
      runCli(['instances', 'list', '--help'], {}),
      runCli(['mock', 'token', '--help'], {}),
    ]);
    for (const { stdout } of [generated, handWritten]) {
      const global = stdout.slice(stdout.indexOf('Global Options:'));
      expect(global).toMatch(/^Global Options:\n/);
      for (const flag of [
        '--profile <name>',
        '--base-url <url>',
        '--project <id>',
        '-o, --output <format>',
        '--debug',
      ])
        expect(global).toContain(flag);
    }
  });

  it('says what each flag holds, the values it takes and its default', async () => {
    const [instances, budgets] = await Promise.all([
      runCli(['instances', 'create', '--help'], {}),
      runCli(['budgets', 'create', '--help'], {}),
    ]);
    // Read as one line: where commander wraps depends on the longest flag.
    const [create, budget] = [instances, budgets].map(({ stdout }) => stdout.replace(/\s+/g, ' '));
    expect(create).toContain('--region <region> Region of the instance (required)');
    expect(create).toContain(
      '--flavor <flavor> Flavor of the instance: nano, micro, small, medium, large, xlarge (required)',
    );
    expect(create).toContain('--image <image> Image of the instance (default ubuntu-24.04)');
    expect(create).toContain('--resource-group-id <id> ');
    expect(budget).toContain(
      '--period <period> Calendar period the amount applies to (UTC): monthly, quarterly, yearly (default monthly)',
    );
    expect(budgets.stdout).not.toContain('choices:');

    const program = buildProgram(operations);
    const bare: string[] = [];
    // `--name <value>  name (string)`: a type where the meaning should be.
    for (const command of allCommands(program))
      for (const option of command.options)
        if (
          /<value>/.test(option.flags) ||
          /\((string|number|boolean)\)( \(required\))?$/.test(option.description)
        )
          bare.push(`${commandPath(command)} ${option.flags}: ${option.description}`);
    expect(bare).toEqual([]);
  });

  it('ends with an example for every command a line can run, hand-written ones included', () => {
    const program = buildProgram(operations);
    const commands = runnable(program);
    expect(commands.map(commandPath)).toEqual(
      expect.arrayContaining([
        'nimbus login',
        'nimbus whoami',
        'nimbus use',
        'nimbus export',
        'nimbus completion',
        'nimbus events tail',
        'nimbus auth mfa verify',
        'nimbus mock faults delete',
        'nimbus databases replicas create',
      ]),
    );
    const without = commands.filter((c) => !/\nExamples?:\n {2}\$ .*\bnimbus /.test(helpOf(c)));
    expect(without.map(commandPath)).toEqual([]);
  });

  it('gives generated examples values the command accepts: placeholders only for ids and names', async () => {
    const program = buildProgram(operations);
    const byPath = new Map(allCommands(program).map((c) => [commandPath(c), c]));
    const refused: string[] = [];
    for (const spec of operations.flatMap((group) => group.operations)) {
      const path = `nimbus ${spec.names.map(kebabCase).join(' ')}`;
      const example = exampleOf(helpOf(byPath.get(path)!));
      expect(example.startsWith(`${path}`), path).toBe(true);
      for (const placeholder of example.match(/<[^>]+>/g) ?? [])
        if (!/^<[\w-]+-(id|name)>$/.test(placeholder)) refused.push(`${example}: ${placeholder}`);
      // Ids and names of the reader's own resources, as they would fill them in.
      const filled = example
        .replace(/<[\w-]+-id>/g, () => crypto.randomUUID())
        .replace(/<[\w-]+-name>/g, 'my-bucket')
        // What the shell puts for the commands it runs (today's date and hour, UTC).
        .replace('"$(date -u +%F)"', new Date().toISOString().slice(0, 10))
        .replace('"$(date -u +%H)"', new Date().toISOString().slice(11, 13));
      const words = shellWords(filled.slice(path.length));
      const message = await inputError(byPath.get(path)!, spec, words);
      if (message) refused.push(`${example}: ${message}`);
    }
    expect(refused).toEqual([]);
  });
});

describe('the README', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

  it('gives the page size of every list whose --help says another default than 20', async () => {
    const pagination = readme.slice(readme.indexOf('**Pagination.**'), readme.indexOf('**Confirmations.**'));
    expect(pagination).toContain('default 20 on `/api/v1` lists');
    const others = operations
      .flatMap((group) => group.operations)
      .filter((spec) => spec.query.some((f) => f.flag === 'per-page' && f.default !== 20));
    expect(others.length).toBeGreaterThan(0);
    for (const spec of others) {
      const words = [kebab(spec.names[0]!), ...spec.names.slice(1).map(kebab)];
      const help = await runCli([...words, '--help'], {});
      const shown = /--per-page <per-page>[^(]*\(default (\d+)\)/.exec(help.stdout.replace(/\s+/g, ' '))?.[1];
      expect(shown, words.join(' ')).toBeDefined();
      expect(pagination, words.join(' ')).toMatch(new RegExp(`${shown} on \`${words.join(' ')}\``));
    }
  });

  it('describes boolean flags as --help shows them: a switch that takes an explicit value', async () => {
    const help = await runCli(['vaults', 'create', '--help'], {});
    expect(help.stdout).toMatch(/--purge-protection \[true\|false\]/);
    expect(help.stdout).toContain('--no-purge-protection');
    expect(readme).toContain('which is why the help shows them as `--versioning [true|false]`');
  });
});

describe('numeric flags out of range', () => {
  it('say the range they take', async () => {
    const [perPage, tooSmall] = await Promise.all([
      runCli(['instances', 'list', '--per-page', '500'], PROJECT),
      runCli(
        [
          'functions',
          'create',
          '--name',
          'f',
          '--runtime',
          'nodejs20',
          '--region',
          'hn',
          '--memory-mb',
          '64',
        ],
        PROJECT,
      ),
    ]);
    expect(perPage.code).toBe(2);
    expect(perPage.stderr).toMatch(/^error: --per-page must be 1-100, got 500$/m);
    expect(tooSmall.code).toBe(2);
    expect(tooSmall.stderr).toMatch(/^error: --memory-mb must be 128-10240, got 64$/m);
  });
});

function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The first line of a help's example, without its `$ `. */
function exampleOf(help: string): string {
  return /\nExamples?:\n {2}\$ (.*)/.exec(help)?.[1] ?? '';
}

/** Splits an example as a POSIX shell would, for the quoting the examples use (single quotes). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** What the command says of the example's input before sending it, or undefined when it takes it. */
async function inputError(
  command: Command,
  spec: OperationSpec,
  words: string[],
): Promise<string | undefined> {
  try {
    const { operands } = command.parseOptions(words);
    await readOperationInput(spec, operands, command.opts());
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
