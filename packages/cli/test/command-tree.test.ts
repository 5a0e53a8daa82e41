import { operations as contractOperations } from '@nimbus/sdk/contract';
import { Command, type Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type MockServer,
  type SeededTenant,
  seedTenant,
  startMockServer,
} from '../../mock-server/src/entries/testing';
import { kebab } from '../src/commands/flags';
import { describeOperations } from '../src/commands/operations';
import { TRANSITIONAL } from '../src/commands/transitional';
import { allCommands, buildProgram, HANDWRITTEN_COMMANDS } from '../src/program';
import { type Cli, cliAs, json } from './helpers';

const operations = describeOperations();
const argv = (...args: string[]) => ['node', 'nimbus', ...args];

/** A command and everything under it, as lines: names, aliases, arguments and option flags. */
function shape(command: Command): string[] {
  return [command, ...allCommands(command)].map((c) =>
    [
      [c.name(), ...c.aliases()].join('|'),
      c.registeredArguments.map((a) => a.name()).join(' '),
      c.options.map((o: Option) => o.flags).join(' '),
    ].join(' : '),
  );
}

function topLevel(program: Command): string[] {
  return program.commands.map((c) => c.name());
}

/** `nimbus databases replicas create`, as the words of the full tree. */
function commandAt(program: Command, words: string[]): Command | undefined {
  let command: Command | undefined = program;
  for (const word of words) command = command?.commands.find((c) => c.name() === word);
  return command;
}

interface JsonNode {
  properties?: Record<string, JsonNode>;
  anyOf?: JsonNode[];
  oneOf?: JsonNode[];
  allOf?: JsonNode[];
  enum?: unknown[];
  const?: unknown;
}

describe('one name per operation', () => {
  it('offers each /v1 and /v2 operation as its contract name in kebab case, under no other name', () => {
    const program = buildProgram(operations);
    // Hand-written: `auth` (login, register...) and `users` (`whoami` is `v1.users.me`).
    const handWritten = new Set(['auth', 'users']);
    const missing = contractOperations()
      .filter(({ id, endpoint }) => /^v[12]\./.test(id) && endpoint.sameAs === undefined)
      .map(({ id }) => id.split('.').slice(1))
      .filter((names) => !handWritten.has(names[0]!))
      .map((names) => names.map(kebab))
      .filter((words) => commandAt(program, words) === undefined)
      .map((words) => words.join(' '));
    expect(missing).toEqual([]);
    const aliased = allCommands(program)
      .filter((c) => c.aliases().length > 0)
      .map((c) => c.name());
    expect(aliased).toEqual([]);
  });

  it('offers each control operation of the reference server under `mock`, with the contract names', () => {
    const program = buildProgram(operations);
    // Hand-written: the dashboard page is `mock ui`.
    const missing = contractOperations()
      .filter(({ id }) => id.startsWith('mock.') && id !== 'mock.dashboard.retrieve')
      .map(({ id }) => id.split('.').map(kebab))
      .filter((words) => commandAt(program, words) === undefined)
      .map((words) => words.join(' '));
    expect(missing).toEqual([]);
    expect(commandAt(program, ['mock', 'ui'])).toBeDefined();
  });

  it('leaves out a route the contract marks as another one (sameAs)', () => {
    expect(commandAt(buildProgram(operations), ['billing', 'budgets'])).toBeUndefined();
    expect(commandAt(buildProgram(operations), ['budgets', 'create'])).toBeDefined();
  });
});

describe('--wait', () => {
  /** The `status` values a response's JSON Schema allows, at its top level or in any of its options. */
  function statuses(schema: z.ZodType): unknown[] {
    const out: unknown[] = [];
    const visit = (node: JsonNode | undefined) => {
      const status = node?.properties?.status;
      for (const option of status ? [status, ...(status.anyOf ?? [])] : [])
        out.push(...(option.enum ?? []), ...('const' in option ? [option.const] : []));
      for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
        for (const child of node?.[key] ?? []) visit(child);
    };
    visit(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonNode);
    return out;
  }

  it('is offered by every operation whose answer can be in a transitional state', () => {
    const program = buildProgram(operations);
    const transitional = contractOperations().filter(
      ({ id, endpoint }) =>
        /^v[12]\./.test(id) &&
        endpoint.method !== 'GET' &&
        statuses(endpoint.response).some((status) => TRANSITIONAL.has(String(status))),
    );
    expect(transitional.map(({ id }) => id)).toContain('v1.databases.replicas.create');
    const without = transitional
      .map(({ id }) => id.split('.').slice(1).map(kebab))
      .filter((words) => !commandAt(program, words)?.options.some((o) => o.long === '--wait'))
      .map((words) => words.join(' '));
    expect(without).toEqual([]);
  });
});

describe('the command tree built for one command line', () => {
  it('lists, for each hand-written part, the top-level commands it adds', () => {
    for (const { names, add } of HANDWRITTEN_COMMANDS) {
      const program = new Command('nimbus');
      add(program);
      expect(topLevel(program), names.join(', ')).toEqual(names);
    }
  });

  it('holds the whole command a line runs, as the full tree has it, and nothing else', () => {
    const full = buildProgram(operations);
    const names = topLevel(full).filter((name) => name !== 'completion');
    expect(names).toContain('instances');
    expect(names).toContain('login');
    for (const name of names) {
      const lean = buildProgram(operations, argv(name, 'list'));
      const part = HANDWRITTEN_COMMANDS.find((c) => c.names.includes(name));
      expect(topLevel(lean), name).toEqual(part?.names ?? [name]);
      const command = (program: Command) => program.commands.find((c) => c.name() === name)!;
      expect(shape(command(lean)), name).toEqual(shape(command(full)));
      expect(lean.options.map((o) => o.flags)).toEqual(full.options.map((o) => o.flags));
    }
  });

  it('finds the command after program options and their values', () => {
    for (const line of [
      ['--profile', 'staging', 'instances', 'list'],
      ['--profile=staging', 'instances', 'list'],
      ['-o', 'json', '--debug', 'instances', 'list'],
      ['-q', '--project', 'instances', 'instances', 'list'],
      ['--', 'instances', 'list'],
    ]) {
      expect(topLevel(buildProgram(operations, argv(...line))), line.join(' ')).toEqual(['instances']);
    }
  });

  it('is the whole tree when the line names no known command, or completion or help', () => {
    const all = topLevel(buildProgram(operations)).length;
    for (const line of [
      [],
      ['--help'],
      ['help', 'instances'],
      ['instancs', 'list'],
      ['completion', 'bash'],
      ['--bogus', 'instances', 'list'],
      ['-qo', 'json', 'instances', 'list'],
    ]) {
      expect(topLevel(buildProgram(operations, argv(...line))), line.join(' ')).toHaveLength(all);
    }
  });
});

describe('the built CLI, given one command', () => {
  let mock: MockServer;
  let tenant: SeededTenant;
  let cli: Cli;
  beforeAll(async () => {
    mock = await startMockServer();
    tenant = await seedTenant(mock, { instances: [{ name: 'web-1', flavor: 'nano', region: 'hn' }] });
    cli = await cliAs(mock, tenant);
  });
  afterAll(() => mock.close());

  it('runs it after program options', async () => {
    const result = await cli.run('--output', 'json', '--project', tenant.project.id, 'instances', 'list');
    expect(result.code, result.stderr).toBe(0);
    expect(json<{ name: string }[]>(result).map((vm) => vm.name)).toEqual(['web-1']);
  });

  it('still suggests the command meant, among all of them, for a misspelt one', async () => {
    const group = await cli.run('instancs', 'list');
    expect(group.code).toBe(2);
    expect(group.stderr).toContain("unknown command 'instancs'");
    expect(group.stderr).toContain('instances');
    const operation = await cli.run('instances', 'lst');
    expect(operation.code).toBe(2);
    expect(operation.stderr).toContain("unknown command 'lst'");
    expect(operation.stderr).toContain('list');
  });

  it('shows the whole tree in --help, and one group in its own', async () => {
    const top = await cli.run('--help');
    expect(top.stdout).toMatch(/^ {2}login\b/m);
    expect(top.stdout).toMatch(/^ {2}instances\b/m);
    const group = await cli.run('instances', '--help');
    expect(group.stdout).toContain('Usage: nimbus instances');
    expect(group.stdout).toMatch(/^ {2}list\b/m);
  });
});
