import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../src/index';

// The state file holds the token-signing secret: whatever the umask, it is its owner's alone.
let dir: string;
let server: RunningServer | undefined;
let umask: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nimbus-modes-'));
  umask = process.umask(0);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(async () => {
  process.umask(umask);
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

async function start(statePath: string): Promise<RunningServer> {
  server = await createServer({ port: 0, statePath, flushDelayMs: 0, passwordCost: 'test' });
  return server;
}

describe('the state file under umask 000', () => {
  it('is written 0600, in a folder the server creates 0700', async () => {
    const folder = join(dir, 'new', '.nimbus');
    const statePath = join(folder, 'state.json');
    const running = await start(statePath);
    expect(await modeOf(statePath)).toBe(0o600);
    expect(await modeOf(folder)).toBe(0o700);
    // A later write replaces the file: the new one is 0600 too.
    const res = await fetch(`${running.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'modes@example.com', password: 'correct horse 1', full_name: 'M' }),
    });
    expect(res.status).toBe(201);
    await running.store.flush();
    expect(await modeOf(statePath)).toBe(0o600);
  });

  it('tightens an existing file others could read when it starts', async () => {
    const statePath = join(dir, 'loose.json');
    await (await start(statePath)).close();
    server = undefined;
    await chmod(statePath, 0o644);
    await start(statePath);
    expect(await modeOf(statePath)).toBe(0o600);
  });
});
