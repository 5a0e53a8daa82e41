import { mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Nimbus } from '@nimbus/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServer, StateFileError } from '../src/index';
import { FilePersistence } from '../src/store/file-persistence';
import type { Persistence } from '../src/store/persistence';
import { asState, emptyState, StateSchema } from '../src/store/state';
import { fingerprintOfText, isText } from '../src/store/state-pieces';
import { defineTable, Store } from '../src/store/store';

const tempState = async () => join(await mkdtemp(join(tmpdir(), 'nimbus-state-')), 'state.json');

async function login(url: string) {
  const client = new Nimbus({ baseUrl: url, maxRetries: 0 });
  await client.auth.register({ email: 'persist@example.com', password: 'long-enough', full_name: 'P' });
  await client.auth.login({ email: 'persist@example.com', password: 'long-enough' });
  return client;
}

describe('file-backed state', () => {
  it('survives a restart: users, projects, instances and the signing secret', async () => {
    const statePath = await tempState();
    const first = await createServer({ port: 0, statePath, watch: false });
    const client = await login(first.url);
    const project = await client.projects.create({ name: 'kept' });
    const vm = await client
      .withProject(project.id)
      .instances.create({ name: 'kept-vm', flavor: 'nano', region: 'hn' });
    const token = client.session.accessToken!;
    await first.close();

    const second = await createServer({ port: 0, statePath, watch: false });
    try {
      // The old token still verifies: the secret came back from the file.
      const again = new Nimbus({
        baseUrl: second.url,
        accessToken: token,
        projectId: project.id,
        maxRetries: 0,
      });
      await expect(again.instances.retrieve(vm.id)).resolves.toMatchObject({ name: 'kept-vm' });
    } finally {
      await second.close();
    }
  });

  it('refuses a corrupt state file with a clear error and leaves it untouched', async () => {
    const statePath = await tempState();
    await writeFile(statePath, '{"version": 1, "tables": {');
    const error = await createServer({ port: 0, statePath }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StateFileError);
    expect((error as Error).message).toContain(statePath);
    expect((error as Error).message).toMatch(/not JSON/);
    expect(await readFile(statePath, 'utf8')).toBe('{"version": 1, "tables": {');
  });

  it('refuses an empty (truncated) file and a JSON file that is not a state', async () => {
    for (const content of ['', '{"hello": "world"}']) {
      const statePath = await tempState();
      await writeFile(statePath, content);
      await expect(createServer({ port: 0, statePath })).rejects.toBeInstanceOf(StateFileError);
      expect(await readFile(statePath, 'utf8')).toBe(content);
    }
  });

  it('writes atomically and reloads edits made from outside while running', async () => {
    const statePath = await tempState();
    const server = await createServer({ port: 0, statePath, flushDelayMs: 10 });
    try {
      const client = await login(server.url);
      const project = await client.projects.create({ name: 'before' });
      await server.store.flush();
      const onDisk = JSON.parse(await readFile(statePath, 'utf8'));
      expect(onDisk.tables.projects[project.id].name).toBe('before');

      onDisk.tables.projects[project.id].name = 'edited outside';
      await writeFile(statePath, JSON.stringify(onDisk));
      await expect
        .poll(async () => (await client.projects.list()).data[0]?.name, { timeout: 15_000, interval: 50 })
        .toBe('edited outside');
    } finally {
      await server.close();
    }
  });

  it('still reloads an outside edit after its own writes replaced the file in quick succession', async () => {
    // Each write renames a new file over the state file. A watcher bound to the file's inode
    // follows one replacement, but one close behind it went unseen and left it on a file
    // already gone, deaf to every later edit.
    const statePath = await tempState();
    const server = await createServer({ port: 0, statePath, flushDelayMs: 10 });
    try {
      const client = await login(server.url);
      for (let round = 0; round < 3; round++) {
        const first = client.projects.create({ name: `first-${round}` });
        const second = client.projects.create({ name: `second-${round}` });
        await Promise.all([first, second]);
        await server.store.flush();
        await client.projects.create({ name: `third-${round}` });
        await server.store.flush();
      }
      const onDisk = JSON.parse(await readFile(statePath, 'utf8'));
      const [id] = Object.keys(onDisk.tables.projects);
      onDisk.tables.projects[id!].name = 'edited outside';
      // Saved once the watcher has had its time with the writes, as a person's edit would be.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writeFile(statePath, JSON.stringify(onDisk));
      await expect
        .poll(async () => (await client.projects.list()).data.find((p) => p.id === id)?.name, {
          timeout: 15_000,
          interval: 50,
        })
        .toBe('edited outside');
    } finally {
      await server.close();
    }
  });

  it('reports what an edit from an older copy took away, written or not', async () => {
    const statePath = await tempState();
    const logged: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
      logged.push({ level, message, fields });
    const server = await createServer({
      port: 0,
      statePath,
      flushDelayMs: 10,
      logger: { info: log('info'), warn: log('warn'), error: log('error') },
    });
    try {
      const client = await login(server.url);
      const kept = await client.projects.create({ name: 'kept' });
      await server.store.flush();
      const older = await readFile(statePath, 'utf8');
      for (let i = 0; i < 20; i++) await client.projects.create({ name: `later-${i}` });
      await server.store.flush();
      const renamed = JSON.parse(older);
      renamed.tables.projects[kept.id].name = 'renamed';

      // Every create was written before the edit: none is unwritten, all 20 are taken away.
      await writeFile(statePath, JSON.stringify(renamed));
      await expect
        .poll(() => logged.find((line) => line.message.includes('edited outside')), { timeout: 15_000 })
        .toBeDefined();
      const reload = logged.find((line) => line.message.includes('edited outside'))!;
      expect(reload.level).toBe('warn');
      expect(reload.fields).toMatchObject({ path: statePath, discarded_changes: 0, added: 0, changed: 1 });
      const tables = reload.fields!.tables as Record<
        string,
        { added: number; removed: number; changed: number }
      >;
      expect(tables.projects).toEqual({ added: 0, removed: 20, changed: 1 });
      expect(reload.fields!.removed).toBeGreaterThanOrEqual(20);
      expect(reload.message).toMatch(/0 record\(s\) added, \d+ removed, 1 changed/);
    } finally {
      await server.close();
    }
  });
});

/** A durable persistence whose writes go to `write` instead of a file. */
function countingPersistence(write: (text: string) => Promise<void>): Persistence {
  return {
    location: 'test',
    durable: true,
    load: async () => undefined,
    write,
    watch() {},
    close: async () => {},
  };
}

describe('tables declared by several families', () => {
  it('keeps every unique key, whichever declaration is used first', () => {
    const store = new Store(
      countingPersistence(async () => {}),
      emptyState('x'.repeat(32)),
    );
    const plain = defineTable('shared');
    const keyed = defineTable<{ id: string; created_at: string; updated_at: string; name: string }>(
      'shared',
      {
        unique: { name: (row) => row.name },
      },
    );
    const at = '2026-01-01T00:00:00.000Z';
    store.table(plain).insert({ id: 'a', created_at: at, updated_at: at, name: 'alpha' });
    expect(store.table(keyed).byKey('name', 'alpha')?.id).toBe('a');
    store.table(plain).insert({ id: 'b', created_at: at, updated_at: at, name: 'beta' });
    expect(store.table(keyed).byKey('name', 'beta')?.id).toBe('b');
  });
});

describe('coalesced writes', () => {
  it('turns a burst of changes into one write of the whole state', async () => {
    const writes: string[] = [];
    const persistence = countingPersistence(async (text: string) => {
      writes.push(text);
    });
    const store = new Store(persistence, emptyState('x'.repeat(32)), { flushDelayMs: 20 });
    const things = defineTable('things');
    for (let i = 0; i < 500; i++) {
      store.table(things).insert({
        id: `t${i}`,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(writes).toHaveLength(1);
    expect(Object.keys(JSON.parse(writes[0]!).tables.things)).toHaveLength(500);
  });

  it('reports an unhealthy store after a failed write, and recovers on the next good one', async () => {
    let fail = true;
    const persistence = countingPersistence(async () => {
      if (fail) throw new Error('ENOSPC: no space left on device');
    });
    const store = new Store(persistence, emptyState('x'.repeat(32)), { flushDelayMs: 5 });
    store.changed();
    await store.flush();
    expect(store.health()).toEqual({ ok: false, reason: 'ENOSPC: no space left on device' });
    fail = false;
    await store.flush();
    expect(store.health().ok).toBe(true);
  });
});

describe('the state file written in blocks', () => {
  const at = '2026-01-01T00:00:00.000Z';
  type Op =
    | { kind: 'insert'; table: string; count: number }
    | { kind: 'update' | 'delete'; table: string; pick: number }
    | { kind: 'flush' }
    | { kind: 'touch' };
  const table = fc.constantFrom('things', 'others');
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constant('insert'), table, count: fc.integer({ min: 1, max: 700 }) }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constantFrom('update', 'delete'), table, pick: fc.nat() }), weight: 6 },
    { arbitrary: fc.record({ kind: fc.constant('flush') }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('touch') }), weight: 1 },
  ) as fc.Arbitrary<Op>;

  /**
   * A state as a plain document, without empty tables (opening a table adds one and changes
   * nothing to write), to compare the store's state with what the file parses to.
   */
  /** The state a file or store holds, without the log generation the file names. */
  const documentOf = (state: unknown) => {
    const { log: _log, ...document } = JSON.parse(JSON.stringify(state));
    for (const [name, rows] of Object.entries(document.tables)) {
      if (Object.keys(rows as object).length === 0) delete document.tables[name];
    }
    return document;
  };

  // Unchanged blocks are written from the pieces kept at the last flush (their bytes copied from
  // the file written then): whatever changed since, and wherever, the file must be the state.
  it('holds exactly the state after every flush, through inserts, updates and deletes in any block', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const statePath = await tempState();
        const store = new Store(new FilePersistence(statePath), emptyState('x'.repeat(32)));
        let next = 0;
        try {
          // Written once first, as the server does before serving.
          store.changed();
          await store.flush();
          for (const step of ops) {
            if (step.kind === 'flush') {
              await store.flush();
              expect(documentOf(JSON.parse(await readFile(statePath, 'utf8')))).toEqual(
                documentOf(store.state),
              );
            } else if (step.kind === 'touch') {
              // Same text, other mtime: the copies kept in that file are no longer trusted.
              await utimes(statePath, new Date(), new Date(Date.now() + 1000));
            } else if (step.kind === 'insert') {
              for (let i = 0; i < step.count; i++) {
                const id = `r${next++}`;
                store.table(defineTable(step.table)).insert({ id, created_at: at, updated_at: at, n: 0 });
              }
            } else {
              const rows = store.table(defineTable(step.table)).list();
              const row = rows[step.pick % Math.max(rows.length, 1)];
              if (!row) continue;
              if (step.kind === 'delete') store.table(defineTable(step.table)).delete(row.id);
              else store.table(defineTable(step.table)).update(row.id, { n: Number(row.n) + 1 }, at);
            }
          }
          await store.flush();
          expect(store.health()).toEqual({ ok: true });
          const reloaded = await new FilePersistence(statePath).load();
          expect(documentOf(reloaded)).toEqual(documentOf(store.state));
        } finally {
          await store.close();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('serves changes while a large flush serialises, and writes one moment of the state', async () => {
    const statePath = await tempState();
    const store = new Store(new FilePersistence(statePath), emptyState('x'.repeat(32)));
    try {
      const big = store.table(defineTable('big'));
      for (let i = 0; i < 100_000; i++) {
        big.insert({ id: `b${i}`, created_at: at, updated_at: at, name: `record number ${i}` });
      }
      const events = store.table(defineTable('events'));
      const counter = store.table(defineTable('counter'));
      counter.insert({ id: 'c', created_at: at, updated_at: at, n: 0 });
      // Each step changes two tables together: a file of one moment has as many events as n says.
      let steps = 0;
      let flushed = false;
      const flush = store.flush().then(() => {
        flushed = true;
      });
      while (!flushed) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (flushed) break;
        steps++;
        events.insert({ id: `e${steps}`, created_at: at, updated_at: at });
        counter.update('c', { n: steps }, at);
        big.update(`b${(steps * 7919) % 100_000}`, { name: `changed at ${steps}` }, at);
      }
      await flush;
      // The 100k records took several steps to serialise, and changes were made between them.
      expect(steps).toBeGreaterThan(0);
      const file = JSON.parse(await readFile(statePath, 'utf8'));
      const n = file.tables.counter.c.n;
      expect(Object.keys(file.tables.events ?? {})).toHaveLength(n);
      for (let step = 1; step <= n; step++) {
        expect(file.tables.big[`b${(step * 7919) % 100_000}`].name).toMatch(/^changed at /);
      }
      expect(Object.keys(file.tables.big)).toHaveLength(100_000);
    } finally {
      await store.close();
    }
  });

  it('writes a state file an outside edit put back byte for byte without taking it for an edit', async () => {
    const statePath = await tempState();
    const store = new Store(new FilePersistence(statePath), emptyState('x'.repeat(32)));
    try {
      const things = store.table(defineTable('things'));
      for (let i = 0; i < 2000; i++) things.insert({ id: `t${i}`, created_at: at, updated_at: at, n: 0 });
      await store.flush();
      // Rewritten in place with the same text: another mtime, same content (the digest tells it is ours).
      await writeFile(statePath, await readFile(statePath));
      things.update('t1500', { n: 1 }, at);
      await store.flush();
      expect(store.health()).toEqual({ ok: true });
      const file = JSON.parse(await readFile(statePath, 'utf8'));
      expect(documentOf(file)).toEqual(documentOf(store.state));
      expect(file.tables.things.t1500.n).toBe(1);
      expect(Object.keys(file.tables.things)).toHaveLength(2000);
    } finally {
      await store.close();
    }
  });
});

describe('loading a state file', () => {
  // The loader checks a file with asState (no copy of the records) and explains a refusal with
  // StateSchema: the two must accept exactly the same documents. Each case is a valid state
  // with at most one field, anywhere in it, replaced by a value of another kind.
  const odd = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ minLength: 15, maxLength: 15 }), // one short of a secret
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
  );
  const row = fc.record({
    id: fc.uuid(),
    created_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    updated_at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    name: fc.string(),
  });
  const state = fc.record({
    version: fc.constant(1),
    secret: fc.string({ minLength: 16, maxLength: 17 }),
    clock_offset_ms: fc.integer(),
    tables: fc.dictionary(
      fc.constantFrom('instances', 'users', 'projects'),
      fc.array(row, { maxLength: 3 }).map((rows) => Object.fromEntries(rows.map((r) => [r.id, r]))),
    ),
  });

  /** Every [holder, key] in the document, so one of them can be corrupted. */
  function slots(value: unknown, out: [Record<string, unknown>, string][] = []) {
    if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        out.push([value as Record<string, unknown>, key]);
        slots((value as Record<string, unknown>)[key], out);
      }
    }
    return out;
  }

  const document = fc
    .tuple(state, fc.option(fc.tuple(fc.nat(), odd, fc.boolean()), { freq: 4 }))
    .map(([doc, change]) => {
      const places = slots(doc);
      if (change && places.length > 0) {
        const [index, value, remove] = change;
        const [holder, key] = places[index % places.length]!;
        if (remove) delete holder[key];
        else holder[key] = value;
      }
      return doc as unknown;
    });

  it('accepts a document exactly when the state schema does', () => {
    fc.assert(
      fc.property(fc.oneof(document, odd), (json) => {
        expect(asState(json) !== undefined).toBe(StateSchema.safeParse(json).success);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the digest of a loaded state file', () => {
  const at = '2026-01-01T00:00:00.000Z';
  // The text is hashed in steps of 2^20 characters: a step must not end between the two halves
  // of a surrogate pair, or the digest would not be the file's bytes'.
  const STEP = 1 << 20;
  const emoji = '\u{1F600}';

  /** A state whose text has the high half of an emoji as the last character of the first step. */
  function stateText(): string {
    const textWith = (pad: number) =>
      JSON.stringify({
        ...emptyState('x'.repeat(32)),
        tables: {
          things: { t0: { id: 't0', created_at: at, updated_at: at, name: `${'a'.repeat(pad)}${emoji}é` } },
        },
      });
    const pad = STEP - 1 - textWith(0).indexOf(emoji);
    const text = textWith(pad);
    expect(text.charCodeAt(STEP - 1)).toBe(emoji.charCodeAt(0));
    return text;
  }

  it('matches the bytes of the text, whatever falls on the steps', async () => {
    const text = stateText();
    expect(isText(Buffer.from(text, 'utf8'), await fingerprintOfText(text))).toBe(true);
    expect(isText(Buffer.from(`${text} `, 'utf8'), await fingerprintOfText(text))).toBe(false);
  });

  it('knows the file as its own after it is rewritten with the same bytes, so a change made since is written, not discarded', async () => {
    const statePath = await tempState();
    await writeFile(statePath, stateText());
    const persistence = new FilePersistence(statePath);
    const store = new Store(persistence, (await persistence.load())!);
    try {
      // Another mtime, the same content: only the digest tells it is still the file loaded.
      await writeFile(statePath, await readFile(statePath));
      store.table(defineTable('things')).insert({ id: 't1', created_at: at, updated_at: at });
      await store.flush();
      expect(store.health()).toEqual({ ok: true });
      const file = JSON.parse(await readFile(statePath, 'utf8'));
      expect(Object.keys(file.tables.things)).toEqual(['t0', 't1']);
      expect(file.tables.things.t0.name.endsWith(`${emoji}é`)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
