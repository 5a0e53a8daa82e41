import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, seedTenant, startMockServer } from '../../mock-server/src/entries/testing';
import { BIN, type Cli, cliAs } from './helpers';

let mock: MockServer;
let cli: Cli;
beforeAll(async () => {
  // Lifecycles outlast every test here: a command that returns did so because of the Ctrl-C.
  mock = await startMockServer({ transitionDelayMs: 120_000 });
  cli = await cliAs(mock, await seedTenant(mock));
});
afterAll(() => mock.close());

interface Interrupted {
  code: number | null;
  /** What the terminal showed after the Ctrl-C. */
  after: string;
  /** The terminal's settings (`stty -g`) before the command and after it. */
  settings: { before: string; after: string };
}

/**
 * Runs the built CLI on a real pseudo-terminal (util-linux `script`) as an interactive shell
 * would, 100 columns wide with a colour TERM so the spinner shows, and types Ctrl-C once `cue`
 * is on the screen.
 */
function interruptOnTerminal(args: string[], cue: string): Promise<Interrupted> {
  const command = [process.execPath, BIN, ...args].map((part) => `'${part}'`).join(' ');
  // The shell traps Ctrl-C (a trap, unlike an ignored signal, is not inherited) so that it lives
  // on to record the terminal's settings after the command.
  const line = `rm -f before after; trap : INT; stty cols 100 rows 30; stty -g > before; ${command}; code=$?; stty -g > after; exit $code`;
  const child = spawn('script', ['-qfec', line, '/dev/null'], {
    env: { PATH: process.env.PATH ?? '', NO_PROXY: '*', TERM: 'xterm-256color', ...cli.env },
    cwd: cli.dir,
  });
  let output = '';
  let sentAt = -1;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (sentAt < 0 && output.includes(cue)) {
      sentAt = output.length;
      child.stdin.write('\u0003');
    }
  });
  const timer = setTimeout(() => child.kill(), 20_000);
  return new Promise((resolve) => {
    child.on('close', async (code) => {
      clearTimeout(timer);
      const settings = {
        before: await readFile(join(cli.dir, 'before'), 'utf8'),
        after: await readFile(join(cli.dir, 'after'), 'utf8').catch(() => 'not written'),
      };
      resolve({ code, after: sentAt < 0 ? '' : output.slice(sentAt), settings });
    });
  });
}

const SHOW_CURSOR = '\u001b[?25h';

describe('Ctrl-C on a terminal', () => {
  it('stops --wait with exit 130, the cursor shown and the terminal as it was', async () => {
    const result = await interruptOnTerminal(
      ['instances', 'create', '--name', 'web-1', '--flavor', 'small', '--region', 'hn', '--wait'],
      'provisioning',
    );
    expect(result.code, result.after).toBe(130);
    expect(result.after).toContain(SHOW_CURSOR);
    expect(result.settings.after).toBe(result.settings.before);
  });

  it('stops a [y/N] question with exit 130 and deletes nothing', async () => {
    const created = await cli.run(
      'instances',
      'create',
      '--name',
      'keep',
      '--flavor',
      'small',
      '--region',
      'hn',
    );
    const id = (JSON.parse(created.stdout) as { id: string }).id;
    const result = await interruptOnTerminal(['instances', 'delete', id], '[y/N]');
    expect(result.code, result.after).toBe(130);
    expect(result.settings.after).toBe(result.settings.before);
    expect((await cli.run('instances', 'retrieve', id)).code).toBe(0);
  });

  it('stops apply while it creates, saying that running it again carries on', async () => {
    // The create is held long enough to be interrupted.
    await mock.client.mock.faults.create({
      method: 'POST',
      path: '/api/v1/instances',
      delay_ms: 60_000,
      times: 1,
    });
    const tag = crypto.randomUUID().slice(0, 8);
    const file = await cli.write(
      'tenant.yaml',
      `project:\n  name: shop-${tag}\ninstances:\n  - { name: web-1, flavor: nano, region: hn }\n`,
    );
    const result = await interruptOnTerminal(['apply', '-f', file], 'Creating instances/web-1');
    expect(result.code, result.after).toBe(130);
    expect(result.after).toContain('running apply again carries on');
    expect(result.after).toContain(SHOW_CURSOR);
    expect(result.settings.after).toBe(result.settings.before);
  });

  it('stops events tail with exit 130, like every other interrupted command', async () => {
    const result = await interruptOnTerminal(['events', 'tail'], 'Following events');
    expect(result.code, result.after).toBe(130);
    expect(result.settings.after).toBe(result.settings.before);
  });

  it('stops apply --wait while it waits', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const file = await cli.write(
      'waiting.yaml',
      `project:\n  name: wait-${tag}\ninstances:\n  - { name: web-1, flavor: nano, region: hn }\n`,
    );
    const result = await interruptOnTerminal(['apply', '-f', file, '--wait'], 'Waiting for 1 resource(s)');
    expect(result.code, result.after).toBe(130);
    expect(result.settings.after).toBe(result.settings.before);
  });
});
