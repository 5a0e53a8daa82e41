import { exec, spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/src/entries/testing';
import { describeOperations } from '../src/commands/operations';
import { allCommands, buildProgram } from '../src/program';
import { commandPath } from '../src/usage';
import { BIN, type Cli, cliFor } from './helpers';

/**
 * Examples a run cannot hold to "exit 0", each with the reason. Anything else that exits
 * non-zero fails the walk.
 */
const NOT_RUN: Record<string, string> = {
  'nimbus login --email demo@nimbus.dev': 'asks for the password on a terminal (login-secrets.test.ts)',
  'nimbus mock start --in-memory --delay 0': 'a server of its own, until Ctrl-C (mock.test.ts)',
  'nimbus mock start --host 0.0.0.0 --allowed-host myapp.test --cors-origin https://app.test':
    'a server of its own, until Ctrl-C (mock.test.ts)',
  'nimbus mock ui': 'opens a browser (mock-ui.test.ts)',
  'nimbus mock ui --no-open': 'serves the dashboard until Ctrl-C (mock-ui.test.ts)',
  'nimbus mock proxy --target https://staging.example.com':
    'a proxy of its own, until Ctrl-C (mock-proxy.test.ts)',
  'nimbus mock proxy --target https://staging.example.com --record staging.json --port 4020':
    'a proxy of its own, until Ctrl-C (mock-proxy.test.ts)',
  'nimbus events tail --camera <camera-id> --since 2026-03-01T14:00:00Z --duration 60':
    'listens for a minute (events tail is tested in video.test.ts)',
  [`printf '%s' "$NIMBUS_PASSWORD" | nimbus verify --target https://staging.example.com --email ci@example.com --password-stdin`]:
    'needs a deployment (verify.test.ts runs it against a reference server)',
  "nimbus verify --target https://staging.example.com --only 'v1.instances.*' -o json":
    'needs a deployment (verify.test.ts runs it against a reference server)',
  'NIMBUS_TOKEN=<token> nimbus verify --target https://api.example.com --read-only --junit verify.xml':
    'needs a deployment (verify.test.ts runs it against a reference server)',
};

/** Examples that fail as they should, with the exit code they end with. */
const EXPECTED_EXIT: Record<string, number> = {
  // A made-up code: the reader types the one their app shows.
  'nimbus auth mfa verify --code 123456': 1,
  // The tree lists start before stop: the walk's instance is running, and start is for a stopped
  // one (409 INVALID_STATE, as the contract's lifecycle says).
  'nimbus instances start <instance-id>': 1,
};

const TENANT = fileURLToPath(new URL('../../../examples/tenant.yaml', import.meta.url));
const DEMO_PASSWORD = 'nimbus-demo-123';

/** `instances` -> `instance`, `policies` -> `policy`, `cdn-profiles` -> `cdn-profile`. */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ses')) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The group whose example makes what a placeholder holds, where the placeholder is a flag's
 * value or names another group than the command's own (`<vault-id>` is a backup vault's).
 */
const PLACEHOLDER_GROUPS: Record<string, string> = {
  'bucket-name': 'buckets',
  'camera-id': 'cameras',
  'fault-id': 'mock faults',
  'hub-id': 'transit-hubs',
  'load-balancer-id': 'load-balancers',
  'peer-vpc-id': 'peer vpcs',
  'policy-id': 'policies',
  'replica-id': 'databases replicas',
  'resource-id': 'instances',
  'subnet-id': 'vpcs subnets',
  'user-id': 'iam users',
  'vault-id': 'backup-vaults',
  'vpc-id': 'vpcs',
};

/**
 * Examples that need a group's resource without naming it: the next person detection needs a
 * camera (the tree's `cameras delete` removed the walk's), as the reader's tenant has.
 */
const NEEDS: Record<string, string> = {
  'nimbus events tail --type person --limit 1': 'cameras',
};

/** The operations that make a resource whose id later examples take. */
const MAKERS = new Set(['create', 'add', 'detect']);

interface Example {
  path: string;
  line: string;
}

/** Every example line of the help, in the order the tree lists the commands. */
function examples(): Example[] {
  const program = buildProgram(describeOperations());
  return allCommands(program).flatMap((command: Command) => {
    let text = '';
    command.configureOutput({ writeOut: (chunk) => (text += chunk) });
    command.outputHelp();
    const block = /\nExamples?:\n((?: {2}\$ .*\n?)+)/.exec(text)?.[1] ?? '';
    return [...block.matchAll(/^ {2}\$ (.*)$/gm)].map((m) => ({ path: commandPath(command), line: m[1]! }));
  });
}

let mock: MockServer;
let cli: Cli;
let shellEnv: Record<string, string>;
beforeAll(async () => {
  // What `nimbus mock start` serves: the demo tenant and its user.
  // The simulator on, as there: cameras report detections (ten a second here, so a wait is short).
  mock = await startMockServer({ seed: true, simulator: true, simulatorEventsPerMinute: 600 });
  cli = await cliFor(mock);
  // `nimbus` on the PATH, as an installed CLI is; HOME is the test's own.
  const bin = join(cli.dir, 'bin');
  await mkdir(bin);
  await writeFile(join(bin, 'nimbus'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  await chmod(join(bin, 'nimbus'), 0o755);
  // The reader's own: their password in the variable the examples read it from, the tenant file
  // they apply, and a second profile that the examples naming one have logged in.
  shellEnv = {
    ...cli.env,
    HOME: cli.dir,
    PATH: `${bin}:${process.env.PATH ?? ''}`,
    NIMBUS_PASSWORD: DEMO_PASSWORD,
  };
  await copyFile(TENANT, join(cli.dir, 'tenant.yaml'));
  await logIn('staging');
  await logIn();
});
afterAll(() => mock.close());

function sh(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    exec(
      line,
      { cwd: cli.dir, env: shellEnv, timeout: 30_000, shell: '/bin/bash' },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

/** Runs a line on a pseudo-terminal (util-linux `script`), answering `y` to its question. */
function yesOnTerminal(line: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('script', ['-qfec', `bash -c ${JSON.stringify(line)}`, '/dev/null'], {
      cwd: cli.dir,
      env: { ...shellEnv, TERM: 'dumb' },
    });
    let output = '';
    let answered = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!answered && output.includes('[y/N]')) {
        answered = true;
        child.stdin.write('y\r');
      }
    });
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: '', stderr: output });
    });
  });
}

async function logIn(profile = 'default'): Promise<void> {
  const nimbus = `nimbus --profile ${profile}`;
  const login = await sh(
    `printf '%s' "$NIMBUS_PASSWORD" | ${nimbus} login --email demo@nimbus.dev --password-stdin && ${nimbus} use "$(${nimbus} projects list -q | head -1)"`,
  );
  expect(login.code, login.stderr).toBe(0);
}

describe('every example of the help', () => {
  it('runs as written, in the order of the tree, against the demo tenant', { timeout: 300_000 }, async () => {
    const all = examples();
    // The example that makes each group's resource, by the group's words: `vpcs subnets create`
    // makes one of `vpcs subnets`.
    const makers = new Map<string, Example>();
    for (const example of all) {
      const words = example.path.split(' ');
      const maker = MAKERS.has(words.at(-1)!) || example.path === 'nimbus provisioning-metrics start';
      const group = words.slice(1, -1).join(' ');
      if (maker && group !== '' && !makers.has(group)) makers.set(group, example);
    }
    // A peering needs a second VPC, whose range the reader's first one does not hold.
    makers.set('peer vpcs', {
      path: 'nimbus vpcs create',
      line: 'nimbus vpcs create --name peer-vpc --region hn --cidr 10.1.0.0/16',
    });
    const made = new Map<string, Record<string, unknown>>();
    const ranOnDemand = new Set<Example>();
    const failures: string[] = [];

    /** A group's resource, made with the group's example when there is none. */
    const resourceOf = async (group: string): Promise<Record<string, unknown>> => {
      const known = made.get(group);
      if (known) return known;
      const maker = makers.get(group);
      if (!maker) throw new Error(`no example makes one of ${group}`);
      ranOnDemand.add(maker);
      const resource = await run(maker);
      if (typeof resource?.id !== 'string') throw new Error(`${maker.line} made none of ${group}`);
      made.set(group, resource);
      return resource;
    };

    /** What the reader reads off the server: an event of the camera, a segment of its hour. */
    const lookups: Record<string, (filled: string) => Promise<string>> = {
      // The reader's own project, where the users the examples add are members.
      'project-id': async () => (await sh('nimbus projects list -q | head -1')).stdout.trim(),
      // A /v2 tenant is a project.
      'tenant-id': async () => (await sh('nimbus projects list -q | head -1')).stdout.trim(),
      'event-id': async (filled) => {
        const camera = /--camera (\S+)|snapshot (\S+)/.exec(filled);
        const of = camera ? `--camera ${camera[1] ?? camera[2]}` : '';
        for (let tries = 0; tries < 50; tries++) {
          const id = (await sh(`nimbus events list ${of} -q | head -1`)).stdout.trim();
          if (id) return id;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('no event to fill <event-id> with');
      },
      'segment-name': async (filled) => {
        const [, camera, date, hour] = /segment (\S+) ("\$\(.*?\)"|\S+) ("\$\(.*?\)"|\S+)/.exec(filled) ?? [];
        const playlist = (await sh(`nimbus playback playlist ${camera} ${date} ${hour}`)).stdout;
        const segment = /^(\d+\.ts)/m.exec(playlist)?.[1];
        if (!segment) throw new Error(`no segment in the playlist:\n${playlist}`);
        return segment;
      },
    };

    /**
     * The example with its placeholders filled: an argument names the command's own group (or
     * the group above it), a flag's value the group its name says.
     */
    const fill = async ({ path, line }: Example): Promise<string> => {
      const words = path.split(' ').slice(1, -1);
      const prefixes = words.map((_, i) => words.slice(0, i + 1).join(' '));
      let filled = line;
      for (const match of line.matchAll(/(\S*)( )?'?"?<([\w-]+)-(id|name)>/g)) {
        const [stem, kind] = [match[3]!, `${match[3]}-${match[4]}`];
        const argument = match[2] === ' ' && !match[1]!.startsWith('--');
        const own = prefixes.find((g) => {
          const last = singular(g.split(' ').at(-1)!);
          return last === stem || last.endsWith(`-${stem}`);
        });
        let value: string;
        const lookup = lookups[kind];
        if (lookup) value = await lookup(filled);
        else {
          const group = (argument ? own : undefined) ?? PLACEHOLDER_GROUPS[kind] ?? own ?? `${stem}s`;
          const resource = await resourceOf(group);
          // A membership names its user apart from its own id.
          const id = resource[`${stem.replace(/-/g, '_')}_id`] ?? resource.id;
          value = String(match[4] === 'name' ? resource.name : id);
        }
        filled = filled.replace(`<${kind}>`, value);
      }
      return filled;
    };

    async function run(example: Example): Promise<Record<string, unknown> | undefined> {
      let filled: string;
      try {
        filled = await fill(example);
      } catch (error) {
        failures.push(`${example.line}\n  ${(error as Error).message}`);
        return undefined;
      }
      let result = await sh(filled);
      // A question off a terminal is refused (exit 2): typed at one, it is asked, and answered.
      if (result.code === 2 && result.stderr.includes('cannot be asked'))
        result = await yesOnTerminal(filled);
      if (result.code !== (EXPECTED_EXIT[example.line] ?? 0))
        failures.push(`${filled}\n  exit ${result.code}: ${result.stderr.trim().split('\n')[0]}`);
      try {
        const parsed: unknown = JSON.parse(result.stdout);
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : undefined;
      } catch {
        return undefined;
      }
    }

    for (const example of all) {
      // One that already ran, to make what an earlier example needed, is not run twice.
      if (NOT_RUN[example.line] || ranOnDemand.has(example)) continue;
      const words = example.path.split(' ');
      const group = words.slice(1, -1).join(' ');
      // `mock reset` empties the server, and `mock clock advance` puts its clock an hour ahead of
      // `date`, which the playback examples read: the server is put back for the examples after.
      const reset = /^nimbus mock (reset|clock advance)/.test(example.line);
      if (reset) await sh('nimbus mock state export --file walk-state.json');
      const needed = NEEDS[example.line];
      if (needed) await resourceOf(needed);
      const resource = await run(example);
      if (reset) await sh('nimbus mock state import walk-state.json --yes');
      if (makers.get(group) === example && typeof resource?.id === 'string' && !made.has(group))
        made.set(group, resource);
      // A deleted resource is made again for the examples after it.
      if (['delete', 'rm'].includes(words.at(-1)!)) made.delete(group);
      // Examples that log out, or log in with a token (which nothing refreshes once the server's
      // clock moves on), are followed by the password login the walk runs as.
      if (/^nimbus logout|--token-stdin/.test(example.line)) await logIn();
    }
    expect(failures).toEqual([]);
  });
});
