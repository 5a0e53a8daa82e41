import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer as listen } from 'node:net';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createServer, StateFileError, StateFileLockedError } from '../src/index';
import {
  closeAfterTest,
  type LoggedLine,
  projectClient,
  startFileServer,
  tempStatePath,
} from './support/file-servers';

/**
 * One server per state file: two would each take the other's writes for outside edits and
 * discard their own acknowledged writes. The lock is `<state file>.lock`, held while the server runs.
 */

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('a state file another server runs on', () => {
  it('refuses the second server, naming the file, the first server’s pid and URL, and what to do; the first keeps every write', async () => {
    const statePath = await tempStatePath('lock');
    const first = await startFileServer(statePath);
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
    const client = await projectClient(first.url, 'first@example.com', 'locked');
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => client.buckets.create({ name: `kept-${i}`, region: 'hn' })),
    );
    await first.store.flush();
    const onDisk = JSON.parse(await readFile(statePath, 'utf8'));
    expect(Object.keys(onDisk.tables.buckets).sort()).toEqual(created.map((b) => b.id).sort());
  });

  it('is free again once the server closes: the lock file is removed, and the next server starts', async () => {
    const statePath = await tempStatePath('lock');
    const first = await startFileServer(statePath);
    await first.close();
    expect(existsSync(`${statePath}.lock`)).toBe(false);
    const second = await startFileServer(statePath);
    expect(JSON.parse(await readFile(`${statePath}.lock`, 'utf8'))).toMatchObject({ url: second.url });
  });

  it('is not locked by a start that failed: a corrupt file, or a port in use', async () => {
    const corrupt = await tempStatePath('lock');
    await writeFile(corrupt, '{"version": 1');
    await expect(createServer({ port: 0, statePath: corrupt })).rejects.toBeInstanceOf(StateFileError);
    expect(existsSync(`${corrupt}.lock`)).toBe(false);

    const statePath = await tempStatePath('lock');
    const taken = listen();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(createServer({ port, statePath })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      taken.close();
    }
    expect(existsSync(`${statePath}.lock`)).toBe(false);
    await startFileServer(statePath);
  });

  it('left by a server that is gone (killed) is taken over, with a one-line notice', async () => {
    const statePath = await tempStatePath('lock');
    const pid = await deadPid();
    const stale = { pid, host: hostname(), url: 'http://127.0.0.1:1', started_at: new Date(0).toISOString() };
    await writeFile(`${statePath}.lock`, JSON.stringify(stale));
    const logged: LoggedLine[] = [];
    const server = await startFileServer(statePath, logged);
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
    const statePath = await tempStatePath('lock');
    const server = await startFileServer(statePath);
    const client = await projectClient(server.url, 'editor@example.com', 'locked');
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
    closeAfterTest(a);
    const b = await createServer({ port: 0, inMemory: true });
    closeAfterTest(b);
    expect(existsSync('.nimbus/state.json.lock')).toBe(false);
  });
});
