import type { Command, Option } from 'commander';
import { describe, expect } from 'vitest';
import { seedTenant } from '../../mock-server/src/entries/testing';
import { describeOperations } from '../src/commands/operations';
import { allCommands, buildProgram } from '../src/program';
import { cliAs, it, json } from './helpers';

/** Every spelling of an option: `-o` and `--output`, and `--no-x` for a negatable one. */
function spellings(option: Option): string[] {
  return [option.short, option.long].filter((name): name is string => name !== undefined);
}

describe('flags of generated commands', () => {
  it('never collide with a program-wide option (commander reads those anywhere on the line)', () => {
    const program = buildProgram(describeOperations());
    const global = new Map(program.options.flatMap((o) => spellings(o).map((s) => [s, o.flags] as const)));
    // The program's own version flag is read only as the first argument; it must not be an option.
    expect([...global.keys()]).not.toContain('--version');
    const collisions: string[] = [];
    const walk = (commands: Command[]) => {
      for (const command of commands) {
        for (const option of command.options) {
          for (const name of spellings(option)) {
            if (global.has(name))
              collisions.push(`${pathOf(command)} ${name} (program: ${global.get(name)})`);
          }
        }
      }
    };
    const commands = allCommands(program);
    walk(commands);
    expect(commands.length).toBeGreaterThan(100);
    expect(collisions).toEqual([]);
  });
});

describe('flags that mean one thing', () => {
  it('name a camera --camera, a page size --per-page and a log query --query, wherever they appear', () => {
    const program = buildProgram(describeOperations());
    const flagsOf = (...path: string[]) => {
      let command: Command | undefined = program;
      for (const name of path) command = command?.commands.find((c) => c.name() === name);
      return command!.options.map((o) => o.long);
    };
    expect(flagsOf('events', 'list')).toEqual(expect.arrayContaining(['--camera', '--per-page']));
    expect(flagsOf('events', 'list')).not.toContain('--camera-id');
    // --limit is events tail's "stop after n events", never a page size.
    expect(flagsOf('events', 'list')).not.toContain('--limit');
    expect(flagsOf('events', 'tail')).toEqual(expect.arrayContaining(['--camera', '--limit', '--duration']));
    expect(flagsOf('playback', 'timeline')).toContain('--camera');
    expect(flagsOf('logs', 'query')).toContain('--query');
    expect(flagsOf('logs', 'query')).not.toContain('--q');
  });
});

function pathOf(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

describe('an endpoint field named like a program flag', () => {
  it('databases create --version 16 creates a database of version 16; api-products create --version v2 sets its label', async ({
    mock,
  }) => {
    const tenant = await seedTenant(mock);
    const cli = await cliAs(mock, tenant);
    const [database, product, version] = await Promise.all([
      cli.run(
        'databases',
        'create',
        '--name',
        'db',
        '--engine',
        'postgres',
        '--region',
        'hn',
        '--version',
        '16',
      ),
      cli.run('api-products', 'create', '--name', 'orders', '--version', 'v2'),
      cli.run('-V'),
    ]);
    expect(database.code, database.stderr).toBe(0);
    expect(json(database)).toMatchObject({ name: 'db', engine: 'postgres', version: '16' });
    expect(product.code, product.stderr).toBe(0);
    expect(json(product)).toMatchObject({ name: 'orders', version: 'v2' });
    expect((await tenant.client.databases.list()).data.map((d) => d.version)).toEqual(['16']);
    expect(version.stdout).toBe('0.1.0\n');
  });
});
