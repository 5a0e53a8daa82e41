import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer as listen } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Nimbus } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type RunningServer, StateFileError, StateFileLockedError } from '../src/index';

/**
 * One server per state file: two would each take the other's writes for outside edits and
 * discard their own acknowledged writes. The lock is `<state file>.lock`, held while the server runs.
 */

const tempState = async () => join(await mkdtemp(join(tmpdir(), 'nimbus-lock-')), 'state.json');
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

interface Line {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

async function start(statePath: string, logged: Line[] = []): Promise<RunningServer> {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    logged.push({ level, message, fields });
  const server = await createServer({
    port: 0,
    statePath,
    flushDelayMs: 10,
    passwordCost: 'test',
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  });
  running.push(server);
  return server;
}

async function tenant(url: string, email: string) {
  const client = new Nimbus({ baseUrl: url, maxRetries: 0 });
  await client.auth.register({ email, password: 'long-enough', full_name: 'L' });
  await client.auth.login({ email, password: 'long-enough' });
  const project = await client.projects.create({ name: 'locked' });
  return client.withProject(project.id);
}

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('a state file another server runs on', () => {
  it('refuses the second server, naming the file, the first server’s pid and URL, and what to do; the first keeps every write', async () => {
    const statePath = await tempState();
    const first = await start(statePath);
    const lock = JSON.parse(await readFile(`${statePath}.lock`, 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, url: first.url });

    const error = await createServer({ port: 0, statePath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateFileLockedError);
    const message = (error as Error).message;
    expect(message).toContain(statePath);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain(first.url);
    expect(message).toMatch(
      /Stop that server, or start this one with another state file \(--state <file>\) or --in-memory/,
    );
    // The refused start changed nothing: the lock is still the first server's.
    expect(JSON.parse(await readFile(`${statePath}.lock`, 'utf8'))).toEqual(lock);

    // Every write the first server answered is in its file.
    const client = await tenant(first.url, 'first@example.com');
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.buckets.create({ name: `kept-${i}`, region: 'hn' })),
    );
    await first.store.flush();
    const onDisk = JSON.parse(await readFile(statePath, 'utf8'));
    expect(Object.keys(onDisk.tables.buckets).sort()).toEqual(created.map((b) => b.id).sort());
  });

  it('is free again once the server closes: the lock file is removed, and the next server starts', async () => {
    const statePath = await tempState();
    const first = await start(statePath);
    await first.close();
    expect(existsSync(`${statePath}.lock`)).toBe(false);
    const second = await start(statePath);
    expect(JSON.parse(await readFile(`${statePath}.lock`, 'utf8'))).toMatchObject({ url: second.url });
  });

  it('is not locked by a start that failed: a corrupt file, or a port in use', async () => {
    const corrupt = await tempState();
    await writeFile(corrupt, '{"version": 1');
    await expect(createServer({ port: 0, statePath: corrupt })).rejects.toBeInstanceOf(StateFileError);
    expect(existsSync(`${corrupt}.lock`)).toBe(false);

    const statePath = await tempState();
    const taken = listen();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(createServer({ port, statePath })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      taken.close();
    }
    expect(existsSync(`${statePath}.lock`)).toBe(false);
    await start(statePath);
  });

  it('left by a server that is gone (killed) is taken over, with a one-line notice', async () => {
    const statePath = await tempState();
    const pid = await deadPid();
    const stale = { pid, host: hostname(), url: 'http://127.0.0.1:1', started_at: new Date(0).toISOString() };
    await writeFile(`${statePath}.lock`, JSON.stringify(stale));
    const logged: Line[] = [];
    const server = await start(statePath, logged);
    expect(JSON.parse(await readFile(`${statePath}.lock`, 'utf8'))).toMatchObject({
      pid: process.pid,
      url: server.url,
    });
    const notices = logged.filter((line) => line.message.includes('lock'));
    expect(notices).toEqual([
      expect.objectContaining({ level: 'warn', message: expect.stringContaining(`pid ${pid}`) }),
    ]);
  });

  it('still takes in an edit a person saves into the state file while the server runs', async () => {
    const statePath = await tempState();
    const server = await start(statePath);
    const client = await tenant(server.url, 'editor@example.com');
    const [project] = (await client.projects.list()).data;
    await server.store.flush();
    const onDisk = JSON.parse(await readFile(statePath, 'utf8'));
    onDisk.tables.projects[project!.id].name = 'edited by hand';
    await writeFile(statePath, JSON.stringify(onDisk));
    await expect
      .poll(async () => (await client.projects.list()).data[0]?.name, { timeout: 5000, interval: 50 })
      .toBe('edited by hand');
  });

  it('is not taken by servers in memory', async () => {
    const a = await createServer({ port: 0, inMemory: true });
    running.push(a);
    const b = await createServer({ port: 0, inMemory: true });
    running.push(b);
    expect(existsSync('.nimbus/state.json.lock')).toBe(false);
  });
});
