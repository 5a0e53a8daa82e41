import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@nimbus/mock-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
// The CLI from its sources (no build needed); `nimbus` on the PATH is the same program built.
const CLI = `${root}node_modules/.bin/tsx --tsconfig ${root}tsconfig.json ${root}packages/cli/src/bin.ts`;

function sh(script: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('sh', [script], { env, timeout: 50_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe('tenant setup with the CLI (examples/tenant-setup.sh)', () => {
  let mock: MockServer;
  let dir: string;
  beforeAll(async () => {
    mock = await startMockServer({ seed: true });
    dir = await mkdtemp(join(tmpdir(), 'nimbus-tenant-'));
  });
  afterAll(async () => {
    await mock.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('logs in, plans and applies examples/tenant.yaml', { timeout: 60_000 }, async () => {
    // The CLI behind a wrapper that writes down each command line it is run with.
    const argv = join(dir, 'argv.log');
    const spy = join(dir, 'nimbus-spy.sh');
    await writeFile(spy, `printf '%s\\n' "$*" >> '${argv}'\nexec ${CLI} "$@"\n`);
    const env = {
      PATH: process.env.PATH ?? '',
      NO_PROXY: '*',
      NIMBUS_BASE_URL: mock.url,
      NIMBUS_CONFIG: join(dir, 'config.json'),
      NIMBUS_CLI: `sh ${spy}`,
    };
    const run = await sh(`${here}tenant-setup.sh`, env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Logged in as demo@nimbus.dev');
    expect(run.stderr).toContain('(dry run: nothing was changed)');
    expect(run.stderr).toContain('Applied');
    // The password reaches login on stdin: no command line holds it (ps, shell history).
    const commands = (await readFile(argv, 'utf8')).trim().split('\n');
    expect(commands[0]).toBe('login --email demo@nimbus.dev --password-stdin');
    expect(commands.join('\n')).not.toContain('nimbus-demo-123');

    const owner = mock.createClient();
    await owner.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    const projects = (await owner.projects.list({ per_page: 100 })).data;
    const shop = projects.find((p) => p.name === 'acme-shop');
    expect(shop).toBeDefined();
    expect((await owner.withProject(shop!.id).instances.list()).data.length).toBeGreaterThan(0);
  });
});
