import { cp, link, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { AuthenticationError, Nimbus } from '@nimbus/sdk';
import { describe, expect, it } from 'vitest';
import { createServer, StateFileError, StateFileLinkError, StateFileLockedError } from '../src/index';
import { closeAfterTest, type LoggedLine, projectClient, tempStatePath } from './support/file-servers';

/**
 * An acknowledged write is in the state file's log before its answer leaves: the files a crash
 * would leave behind at that moment (copied while the server runs, its whole-state writes held
 * back) start a server that serves it. A crash's last, unfinished line is dropped with a warning;
 * damage before it is refused. The lock and every write follow the file itself, whatever path
 * names it. The crash of a real process is in reliability/durability.test.ts.
 */

/** Whole-state writes held back for the test: only the log holds what is answered. */
const NO_SNAPSHOT_MS = 3_600_000;

async function fileServer(statePath: string, logged: LoggedLine[] = [], flushDelayMs = NO_SNAPSHOT_MS) {
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    logged.push({ level, message, fields });
  return closeAfterTest(
    await createServer({
      port: 0,
      statePath,
      flushDelayMs,
      watch: false,
      passwordCost: 'test',
      logger: { info: log('info'), warn: log('warn'), error: log('error') },
    }),
  );
}

/** The state file's folder as a crash would leave it now, copied to a new folder (no lock). */
async function filesLeftByCrash(statePath: string): Promise<string> {
  const copy = join(await mkdtemp(join(tmpdir(), 'nimbus-crashed-')), 'state.json');
  for (const name of await readdir(dirname(statePath))) {
    if (name.endsWith('.lock')) continue;
    await cp(join(dirname(statePath), name), join(dirname(copy), name));
  }
  return copy;
}

const logFiles = async (statePath: string) =>
  (await readdir(dirname(statePath))).filter((name) => name.startsWith(`${basename(statePath)}.log.`)).sort();

async function bucketNames(url: string, email: string, projectId: string): Promise<string[]> {
  const client = new Nimbus({ baseUrl: url, projectId });
  await client.auth.login({ email, password: 'long-enough' });
  const names: string[] = [];
  for await (const bucket of client.buckets.list()) names.push(bucket.name);
  return names.sort();
}

describe('the state file’s log', () => {
  it('holds every acknowledged write before its answer leaves; a server on the files a crash leaves serves them', async () => {
    const statePath = await tempStatePath('wal');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'wal@example.com', 'wal');
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.buckets.create({ name: `logged-${i}`, region: 'hn' })),
    );
    await client.buckets.delete(created[0]!.name);

    const crashed = await filesLeftByCrash(statePath);
    // Not in the whole-state file: only the log has them.
    expect(await readFile(crashed, 'utf8')).not.toContain('logged-');
    expect(await logFiles(crashed)).not.toEqual([]);

    const restarted = await fileServer(crashed);
    const projectId = client.projectId!;
    expect(await bucketNames(restarted.url, 'wal@example.com', projectId)).toEqual(
      created
        .slice(1)
        .map((b) => b.name)
        .sort(),
    );
  });

  it('is compacted by the whole-state writes: the older generations go, and a clean stop leaves none', async () => {
    const statePath = await tempStatePath('wal-compact');
    const server = await fileServer(statePath, [], 10);
    const client = await projectClient(server.url, 'compact@example.com', 'compact');
    for (let i = 0; i < 5; i++) await client.buckets.create({ name: `c-${i}`, region: 'hn' });
    await server.store.flush();
    const generation = JSON.parse(await readFile(statePath, 'utf8')).log as number;
    expect(generation).toBeGreaterThan(1);
    for (const name of await logFiles(statePath)) {
      expect(Number(name.split('.').at(-1))).toBeGreaterThanOrEqual(generation);
    }
    await server.close();
    expect(await logFiles(statePath)).toEqual([]);
    expect(JSON.parse(await readFile(statePath, 'utf8')).tables.buckets).toBeDefined();
  });

  it('drops a last line cut short by a crash with one warning, and starts', async () => {
    const statePath = await tempStatePath('wal-torn');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'torn@example.com', 'torn');
    await client.buckets.create({ name: 'whole', region: 'hn' });
    const crashed = await filesLeftByCrash(statePath);
    const [last] = (await logFiles(crashed)).slice(-1);
    await writeFile(join(dirname(crashed), last!), '1a2b3c4d {"tables":{"buckets":{"x":{"id":"x"', {
      flag: 'a',
    });

    const logged: LoggedLine[] = [];
    const restarted = await fileServer(crashed, logged);
    expect(restarted.store.health()).toEqual({ ok: true });
    expect(await bucketNames(restarted.url, 'torn@example.com', client.projectId!)).toEqual(['whole']);
    const warnings = logged.filter((line) => line.level !== 'info');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/cut short by a crash and is dropped/),
    });
  });

  it('refuses a damaged line with good ones after it, naming the file and the line, and leaves it', async () => {
    const statePath = await tempStatePath('wal-damaged');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'damaged@example.com', 'damaged');
    await client.buckets.create({ name: 'one', region: 'hn' });
    await client.buckets.create({ name: 'two', region: 'hn' });
    const crashed = await filesLeftByCrash(statePath);
    const [last] = (await logFiles(crashed)).slice(-1);
    const logPath = join(dirname(crashed), last!);
    const lines = (await readFile(logPath, 'utf8')).split('\n');
    lines[0] = lines[0]!.replace('"', "'");
    await writeFile(logPath, lines.join('\n'));

    const error = await createServer({ port: 0, statePath: crashed, passwordCost: 'test' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as Error).message).toContain(logPath);
    expect((error as Error).message).toMatch(/line 1 of the log is damaged/);
    expect(await readFile(logPath, 'utf8')).toBe(lines.join('\n'));
  });

  it('sets aside, with a warning, log files beside a state file written without one', async () => {
    const statePath = await tempStatePath('wal-stray');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'stray@example.com', 'stray');
    await client.buckets.create({ name: 'from-the-log', region: 'hn' });
    const crashed = await filesLeftByCrash(statePath);
    // Written by another program: it names no log, so the log beside it is not its own.
    const { log: _log, ...state } = JSON.parse(await readFile(crashed, 'utf8'));
    await writeFile(crashed, JSON.stringify(state, null, 2));

    const logged: LoggedLine[] = [];
    const restarted = await fileServer(crashed, logged);
    // The account was made after the state file was last written: it is in the log alone.
    const login = new Nimbus({ baseUrl: restarted.url }).auth.login({
      email: 'stray@example.com',
      password: 'long-enough',
    });
    await expect(login).rejects.toBeInstanceOf(AuthenticationError);
    expect(logged.find((line) => line.level === 'warn')?.message).toMatch(/set aside, not replayed/);
    expect((await readdir(dirname(crashed))).some((name) => name.endsWith('.stray'))).toBe(true);
  });

  it('follows a reset and a state import: the log of the state before is never replayed onto them', async () => {
    const statePath = await tempStatePath('wal-import');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'import@example.com', 'import');
    await client.buckets.create({ name: 'before', region: 'hn' });
    const exported = await server.createClient().mock.state.export();
    await client.buckets.create({ name: 'after-export', region: 'hn' });
    await server.createClient().mock.state.import(exported);

    const restarted = await fileServer(await filesLeftByCrash(statePath));
    expect(await bucketNames(restarted.url, 'import@example.com', client.projectId!)).toEqual(['before']);
  });

  it('writes the whole state when its log was removed while running, so nothing answered after is lost', async () => {
    const statePath = await tempStatePath('wal-removed');
    const server = await fileServer(statePath);
    const client = await projectClient(server.url, 'removed@example.com', 'removed');
    await client.buckets.create({ name: 'before-removal', region: 'hn' });
    for (const name of await logFiles(statePath)) await rm(join(dirname(statePath), name));
    await client.buckets.create({ name: 'after-removal', region: 'hn' });

    const restarted = await fileServer(await filesLeftByCrash(statePath));
    expect(await bucketNames(restarted.url, 'removed@example.com', client.projectId!)).toEqual([
      'after-removal',
      'before-removal',
    ]);
  });

  it('refuses an fsync policy it does not know', async () => {
    const statePath = await tempStatePath('wal-fsync');
    // @ts-expect-error: not a policy
    const error = await createServer({ port: 0, statePath, fsync: 'sometimes' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/fsync must be one of always, everysec, no; got sometimes/);
    // The refused start took no lock with it: the file is free for the next one.
    await expect(fileServer(statePath)).resolves.toBeDefined();
  });
});

describe('one server per state file, whatever path names it', () => {
  it('locks the file a symbolic link points to, and writes through the link without replacing it', async () => {
    const statePath = await tempStatePath('link-target');
    const linked = join(await mkdtemp(join(tmpdir(), 'nimbus-link-')), 'state.json');
    await symlink(statePath, linked);
    const server = await fileServer(linked, [], 10);

    const second = await createServer({ port: 0, statePath }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(StateFileLockedError);
    expect((second as Error).message).toContain(statePath);

    const client = await projectClient(server.url, 'link@example.com', 'link');
    await client.buckets.create({ name: 'through-the-link', region: 'hn' });
    await server.close();
    expect((await lstat(linked)).isSymbolicLink()).toBe(true);
    expect(await readFile(statePath, 'utf8')).toContain('through-the-link');
  });

  it('locks the same file for a relative path and one through ..', async () => {
    const statePath = await tempStatePath('relative');
    await fileServer(statePath);
    const folder = dirname(statePath);
    await mkdir(join(folder, 'sub'));
    for (const other of [join(folder, 'sub', '..', 'state.json'), relative(process.cwd(), statePath)]) {
      const error = await createServer({ port: 0, statePath: other }).catch((e: unknown) => e);
      expect(error, other).toBeInstanceOf(StateFileLockedError);
    }
  });

  it('refuses a state file with another hard link, which each write would split', async () => {
    const statePath = await tempStatePath('hard-link');
    const first = await fileServer(statePath, [], 10);
    await first.close();
    const other = join(dirname(statePath), 'other.json');
    await link(statePath, other);
    for (const path of [statePath, other]) {
      const error = await createServer({ port: 0, statePath: path }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StateFileLinkError);
      expect((error as Error).message).toMatch(/has 2 hard links/);
    }
  });
});
