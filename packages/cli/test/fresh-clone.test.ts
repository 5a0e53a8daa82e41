import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliResult } from './helpers';

// What a new contributor does: clone, `npm ci`, build, `npx nimbus`. npm links a workspace's
// bin at install time only if its target exists, so the link must not wait for dist/.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const cliDist = join(root, 'packages', 'cli', 'dist');

function exec(command: string, args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      // Offline: the clone installs from the npm cache the working tree was installed from.
      { cwd, env: { ...process.env, npm_config_offline: 'true', NO_COLOR: '1' }, timeout: 110_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a fresh clone', () => {
  it('links `nimbus` on `npm ci`: it asks for a build first, and runs once dist/ exists', async () => {
    dir = await mkdtemp(join(tmpdir(), 'nimbus-clone-'));
    const clone = join(dir, 'repo');
    // The committed HEAD of this working tree, as CI checks it out.
    const cloned = await exec('git', ['clone', '--quiet', root, clone], dir);
    expect(cloned.code, cloned.stderr).toBe(0);
    const install = await exec('npm', ['ci', '--offline', '--no-audit', '--no-fund'], clone);
    expect(install.code, install.stderr).toBe(0);

    const unbuilt = await exec('npx', ['nimbus', '--help'], clone);
    expect(unbuilt.stderr).toContain('run `npm run build` first');
    expect(unbuilt.code).toBe(1);

    // The build itself is tested everywhere else; the clone takes the one made from these sources.
    await cp(cliDist, join(clone, 'packages', 'cli', 'dist'), { recursive: true });
    const built = await exec('npx', ['nimbus', '--help'], clone);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toContain('Usage: nimbus');
  }, 180_000);

  it('serves the demo tenant on `npm start`, built from the sources without `npm run build`', async () => {
    const clone = join(dir!, 'repo');
    const port = await freePort();
    // A group of its own: npm runs the server in a grandchild, ended with it.
    const child = spawn('npm', ['start', '--', '--port', String(port)], {
      cwd: clone,
      detached: true,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toContain('demo@nimbus.dev');
      const health = await fetch(`http://127.0.0.1:${port}/v2/health`);
      expect(health.status, output).toBe(200);
      // The build says one line; no declaration or OpenAPI output.
      expect(output).toContain('built packages/mock-server/.start/');
      expect(output).not.toMatch(/\.d\.ts|openapi\/cloud-platform\.json/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await once(child, 'exit');
    }
  }, 120_000);
});

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

describe('the packed @nimbus/cli', () => {
  it('carries bin/nimbus.cjs, executable, and names it as the nimbus bin', async () => {
    const out = await mkdtemp(join(tmpdir(), 'nimbus-pack-'));
    try {
      const packed = await exec(
        'npm',
        ['pack', '-w', '@nimbus/cli', '--pack-destination', out, '--json'],
        root,
      );
      expect(packed.code, packed.stderr).toBe(0);
      const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
      const unpacked = await exec('tar', ['-xzf', join(out, filename), '-C', out], out);
      expect(unpacked.code, unpacked.stderr).toBe(0);
      const manifest = JSON.parse(await readFile(join(out, 'package', 'package.json'), 'utf8'));
      const bin = join(out, 'package', manifest.bin.nimbus);
      expect((await stat(bin)).mode & 0o111).toBe(0o111);
      expect(await readFile(bin, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 60_000);
});
