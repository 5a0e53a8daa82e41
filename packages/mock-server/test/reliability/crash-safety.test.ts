import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer, StateFileError } from '../../src/index';
import { openStore } from '../../src/node/open-store';
import type { Persistence } from '../../src/store/persistence';
import { StateSchema } from '../../src/store/state';
import { CHILD_SERVER } from './support/global-setup';
import { envelopeProblem, Harness } from './support/harness';
import { type ChildServer, httpCall, httpTenant, runToExit, startChild } from './support/http';

/**
 * The state file under crashes and failing disks: a SIGKILL in the middle of a burst of writes
 * keeps every acknowledged write; a truncated or corrupt file is refused
 * and left byte for byte; a location that cannot be written, or a full disk, answers 503 on
 * writes and on /v2/health/ready, and what is on disk stays intact.
 */

const children: ChildServer[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const child of children) child.process.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.close()));
});

const tempState = async () => join(await mkdtemp(join(tmpdir(), 'nimbus-crash-')), 'state.json');

/** A state file holding a registered tenant, written by a server that has since stopped. */
async function stateWithTenant(name: string) {
  const statePath = await tempState();
  const first = await createServer({ port: 0, statePath, watch: false });
  const tenant = await httpTenant(first.url, name);
  await first.close();
  return { statePath, ...tenant };
}

/** Waits until `check` holds (up to 10 s). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function child(statePath: string): Promise<ChildServer> {
  const started = await startChild(CHILD_SERVER, [statePath]);
  children.push(started);
  return started;
}

/** The names of every bucket the project has, through the paged list. */
async function bucketNames(url: string, token: string, projectId: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page++) {
    const answer = await httpCall(url, 'GET', `/api/v1/buckets?per_page=100&page=${page}`, {
      token,
      projectId,
    });
    expect(answer.status).toBe(200);
    const { data, meta } = answer.body as { data: { name: string }[]; meta: { total: number } };
    for (const bucket of data) names.add(bucket.name);
    if (page * 100 >= meta.total) return names;
  }
}

interface StateFile {
  tables: Record<string, Record<string, { name?: string }>>;
}

/** The state file as JSON; fails the test when it is not a valid state. */
async function readState(path: string): Promise<StateFile> {
  const text = await readFile(path, 'utf8');
  const parsed = StateSchema.safeParse(JSON.parse(text));
  expect(parsed.success, `not a valid state: ${text.slice(0, 200)}`).toBe(true);
  return parsed.data as StateFile;
}

describe('SIGKILL in the middle of a burst of writes', () => {
  it('leaves a valid file, and every acknowledged write is served after the restart, three times over', async () => {
    const statePath = await tempState();
    let server = await child(statePath);
    const { token, projectId } = await httpTenant(server.url, 'crash');
    const raised = await httpCall(server.url, 'PUT', `/__mock/quotas/${projectId}`, {
      body: { limits: { buckets: 1_000_000 } },
    });
    expect(raised.status).toBe(200);
    const acknowledged: { name: string; at: number }[] = [];
    /** Writes served after a crash: they must survive every later crash too. */
    let durable = new Set<string>();

    for (const round of [1, 2, 3]) {
      const started = Date.now();
      let killedAt = Number.POSITIVE_INFINITY;
      const worker = async (w: number) => {
        for (let i = 0; Date.now() < killedAt; i++) {
          const name = `crash-${round}-${w}-${i}-${crypto.randomUUID().slice(0, 6)}`;
          try {
            const answer = await httpCall(server.url, 'POST', '/api/v1/buckets', {
              token,
              projectId,
              body: { name, region: 'hn' },
            });
            if (answer.status === 201) acknowledged.push({ name, at: Date.now() });
            else throw new Error(`unexpected ${answer.status} ${answer.text}`);
          } catch (error) {
            if (Date.now() < killedAt) throw error;
            return; // the connection died with the process
          }
        }
      };
      const burst = Promise.all([0, 1, 2].map(worker));
      // Killed at a random moment once the burst has written a few records: after the first
      // alone, a random wait near 0 killed it with too few to tell anything.
      await until(() => acknowledged.filter((a) => a.at >= started).length > 3);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 250));
      killedAt = Date.now();
      server.process.kill('SIGKILL');
      expect(await server.exited).toBe('SIGKILL');
      await burst;
      const thisRound = acknowledged.filter((a) => a.at >= started);
      expect(thisRound.length, 'the burst wrote nothing').toBeGreaterThan(3);

      // The file is a valid state, and the restarted server serves every write acknowledged
      // before the kill: the whole-state file and its log together.
      await readState(statePath);
      server = await child(statePath);
      expect(server.healthy).toBe(true);
      const served = await bucketNames(server.url, token, projectId);
      const lost = thisRound.filter((a) => !served.has(a.name));
      expect(lost.map((a) => `${a.name} acknowledged ${killedAt - a.at} ms before the kill`)).toEqual([]);
      expect(
        [...durable].filter((name) => !served.has(name)),
        'lost by a later crash',
      ).toEqual([]);
      durable = served;
    }
    server.process.kill('SIGKILL');
    await server.exited;

    // A file cut short (a crash of a careless writer) is refused, with the path and the reason, and kept.
    const whole = await readFile(statePath);
    const truncated = whole.subarray(0, Math.floor(whole.length * (0.2 + Math.random() * 0.6)));
    await writeFile(statePath, truncated);
    const refused = await runToExit(CHILD_SERVER, [statePath]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(statePath);
    expect(refused.stderr).toMatch(/not a valid Nimbus state \(not JSON/);
    expect((await readFile(statePath)).equals(truncated)).toBe(true);
  }, 60_000);
});

describe('a state file that is not a state', () => {
  const cases: [string, string | Buffer][] = [
    ['empty (truncated to nothing)', ''],
    ['cut in the middle of a string', '{"version":1,"secret":"abcdefghijklmnopq'],
    ['binary garbage', Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x22, 0x80, 0x81])],
    ['JSON of another program', '{"hello":"world"}'],
    ['a newer version', '{"version":2,"secret":"abcdefghijklmnopqrst","clock_offset_ms":0,"tables":{}}'],
    [
      'a record without an id',
      '{"version":1,"secret":"abcdefghijklmnopqrst","clock_offset_ms":0,"tables":{"users":{"x":{}}}}',
    ],
  ];
  it.each(cases)('%s: refused with a clear message, kept byte for byte', async (_name, content) => {
    const statePath = await tempState();
    await writeFile(statePath, content);
    const before = await readFile(statePath);
    const error = await openStore({ statePath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as Error).message).toContain(statePath);
    expect((error as Error).message).toMatch(/not a valid Nimbus state \(.+\)\. It was left as it is/);
    expect((await readFile(statePath)).equals(before)).toBe(true);
  });

  it('a path that cannot be read (a directory) is refused the same way', async () => {
    const statePath = await tempState();
    await mkdir(statePath);
    const error = await openStore({ statePath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as Error).message).toMatch(/cannot be read: EISDIR/);
  });
});

describe('a state location that cannot be written', () => {
  // Tests run as root, where chmod stops nothing: a directory where the writer puts its
  // temporary file makes every write fail (EISDIR) while the state file itself stays readable.
  it('answers 503 on writes and on /v2/health/ready from the start, keeps the file, and recovers', async () => {
    const { statePath, token, projectId } = await stateWithTenant('readonly');
    const before = await readFile(statePath);
    const blocker = join(statePath, '..', '.state.json.tmp');
    await mkdir(blocker);

    const server = await createServer({ port: 0, statePath, watch: false });
    servers.push(server);
    const write = () =>
      httpCall(server.url, 'POST', '/api/v1/buckets', {
        token,
        projectId,
        body: { name: `ro-${crypto.randomUUID().slice(0, 8)}`, region: 'hn' },
      });
    const refused = await write();
    expect(refused.status).toBe(503);
    expect(envelopeProblem('v1', refused)).toBeUndefined();
    expect(refused.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    const ready = await httpCall(server.url, 'GET', '/v2/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ error: { details: { failing: ['database'] } } });
    // Reads go on.
    expect((await httpCall(server.url, 'GET', '/api/v1/buckets', { token, projectId })).status).toBe(200);
    expect((await readFile(statePath)).equals(before)).toBe(true);

    // Once the way is clear, the store retries on its own (every second) and writes resume.
    await rm(blocker, { recursive: true });
    const deadline = Date.now() + 5_000;
    while ((await httpCall(server.url, 'GET', '/v2/health/ready')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the store did not recover');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const accepted = await write();
    expect(accepted.status).toBe(201);
    await server.store.flush();
    const names = Object.values((await readState(statePath)).tables.buckets ?? {}).map((b) => b.name);
    expect(names).toContain((accepted.body as { data: { name: string } }).data.name);
  }, 30_000);
});

describe('a state file loaded at start', () => {
  it('is not written again until something changes: the file keeps its inode, bytes and mtime', async () => {
    const { statePath, token, projectId } = await stateWithTenant('loaded');
    const before = await stat(statePath, { bigint: true });
    const bytes = await readFile(statePath);

    const server = await createServer({ port: 0, statePath, watch: false });
    servers.push(server);
    expect(server.store.health()).toEqual({ ok: true });
    await server.store.flush();
    const after = await stat(statePath, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([before.ino, before.mtimeNs]);
    expect((await readFile(statePath)).equals(bytes)).toBe(true);
    // No temp file left behind by the check that the folder takes writes (the lock is the server's while it runs).
    expect((await readdir(dirname(statePath))).sort()).toEqual(['state.json', 'state.json.lock']);

    const created = await httpCall(server.url, 'POST', '/api/v1/buckets', {
      token,
      projectId,
      body: { name: 'after-load', region: 'hn' },
    });
    expect(created.status).toBe(201);
    await server.store.flush();
    const names = Object.values((await readState(statePath)).tables.buckets ?? {}).map((b) => b.name);
    expect(names).toContain('after-load');
  });
});

describe('a full disk', () => {
  /** A disk that holds the last good write and answers ENOSPC while `full`. */
  class FullDisk implements Persistence {
    readonly location = 'full-disk';
    readonly durable = true;
    full = false;
    onDisk: string | undefined;
    async load() {
      return undefined;
    }
    async write(text: string) {
      if (this.full)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      this.onDisk = text;
    }
    watch() {}
    async close() {}
  }

  it('refuses writes with 503 (and /v2/health/ready too) once a flush failed, keeps what was on disk, and writes the acknowledged change once space is back', async () => {
    const disk = new FullDisk();
    const harness = Harness.create({ persistence: disk });
    try {
      await harness.call('POST', '/api/v1/auth/register', {
        body: { email: 'full@example.com', password: 'correct-horse-battery', full_name: 'Full' },
      });
      await harness.store.flush();
      const good = disk.onDisk;
      expect(good).toContain('full@example.com');

      disk.full = true;
      // Acknowledged before anyone knows the disk is full: it waits in memory...
      const late = await harness.call('POST', '/api/v1/auth/register', {
        body: { email: 'late@example.com', password: 'correct-horse-battery', full_name: 'Late' },
      });
      expect(late.status).toBe(201);
      await harness.store.flush();
      expect(harness.store.health()).toMatchObject({ ok: false, reason: expect.stringContaining('ENOSPC') });

      const refused = await harness.call('POST', '/api/v1/auth/register', {
        body: { email: 'refused@example.com', password: 'correct-horse-battery', full_name: 'No' },
      });
      expect(refused.status).toBe(503);
      expect(envelopeProblem('v1', refused)).toBeUndefined();
      const ready = await harness.call('GET', '/v2/health/ready');
      expect(ready.status).toBe(503);
      expect(envelopeProblem('v2', ready)).toBeUndefined();
      expect(disk.onDisk).toBe(good);

      // ...and lands once there is room again (the store retries every second).
      disk.full = false;
      const deadline = Date.now() + 5_000;
      while (!harness.store.health().ok) {
        if (Date.now() > deadline) throw new Error('the store did not recover');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(disk.onDisk).toContain('late@example.com');
      expect(disk.onDisk).not.toContain('refused@example.com');
      expect((await harness.call('GET', '/v2/health/ready')).status).toBe(200);
    } finally {
      await harness.close();
    }
  }, 20_000);
});
