import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateSchema } from '../../src/store/state';
import { CHILD_SERVER } from './support/global-setup';
import { type ChildServer, httpCall, httpTenant, startChild } from './support/http';
import { functionsInFile, listFunctions, type Tenant, violations, Workload } from './support/workload';

/**
 * The state file as `npm start` uses it: a server in its own process, watching its file for
 * outside edits, under a mixed load of creates, updates and deletes with lifecycles moving and
 * the detection simulator on. Nothing acknowledged may go missing, from the API or the file;
 * SIGKILL at random moments keeps every acknowledged write (the state file and its log); outside
 * edits still reload, and a broken one is refused without being written over.
 */

const LOAD_SECONDS = Number(process.env.NIMBUS_DURABILITY_SECONDS ?? 12);
const KILLS = Number(process.env.NIMBUS_DURABILITY_KILLS ?? 20);
/** Like `npm start`: lifecycles take time, cameras of the demo tenant send detections. */
const SERVER_OPTIONS = { seed: true, simulator: true, simulatorEventsPerMinute: 600, transitionDelayMs: 150 };

const children: ChildServer[] = [];
afterAll(() => {
  for (const child of children) child.process.kill('SIGKILL');
});

async function server(statePath: string): Promise<ChildServer> {
  const started = await startChild(CHILD_SERVER, [statePath, JSON.stringify(SERVER_OPTIONS)]);
  children.push(started);
  return started;
}

const tempState = async () => join(await mkdtemp(join(tmpdir(), 'nimbus-durability-')), 'state.json');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A tenant with room for thousands of functions and instances. */
async function tenant(child: ChildServer, name: string): Promise<Tenant> {
  const { token, projectId } = await httpTenant(child.url, name);
  const raised = await httpCall(child.url, 'PUT', `/__mock/quotas/${projectId}`, {
    body: { limits: { functions: 1_000_000, instances: 1_000_000 } },
  });
  expect(raised.status).toBe(200);
  return { url: child.url, token, projectId };
}

/** Waits until a write that serialised the state after `time` has completed. */
async function flushedAfter(child: ChildServer, time: number): Promise<void> {
  await expect
    .poll(() => child.flushes.some((at) => at > time), { timeout: 10_000, interval: 20 })
    .toBe(true);
}

/** The state file, checked to be a valid state. */
async function readStateFile(path: string): Promise<string> {
  const text = await readFile(path, 'utf8');
  expect(StateSchema.safeParse(JSON.parse(text)).success, 'the state file is a valid state').toBe(true);
  return text;
}

describe('a running server with a state file', () => {
  it(
    `keeps every acknowledged create, update and delete of ${LOAD_SECONDS} s of concurrent load, in the API and in the file`,
    async () => {
      const statePath = await tempState();
      const child = await server(statePath);
      const workload = new Workload('steady', await tenant(child, 'steady'));
      workload.start(40);
      await sleep(LOAD_SECONDS * 1000);
      await workload.stop();
      expect(workload.acknowledged, 'the load wrote little').toBeGreaterThan(200);

      const all = Number.POSITIVE_INFINITY;
      expect(violations(workload, await listFunctions(workload.tenant), all)).toEqual([]);
      await flushedAfter(child, workload.lastAck);
      expect(violations(workload, functionsInFile(await readStateFile(statePath)), all)).toEqual([]);

      // Every instance acknowledged is there, and its lifecycle went on to running.
      const { url, token, projectId } = workload.tenant;
      for (const vm of workload.instances) {
        const answer = await httpCall(url, 'GET', `/api/v1/instances/${vm.id}`, { token, projectId });
        expect(answer.status, `instance ${vm.id}`).toBe(200);
      }
      await expect
        .poll(
          async () => {
            const answer = await httpCall(url, 'GET', '/api/v1/instances?per_page=100&status=running', {
              token,
              projectId,
            });
            return (answer.body as { meta: { total: number } }).meta.total;
          },
          { timeout: 10_000 },
        )
        .toBe(workload.instances.length);
      expect(child.logs.filter((line) => line.level !== 'info')).toEqual([]);
    },
    60_000 + LOAD_SECONDS * 1000,
  );
});

describe('SIGKILL at random moments under load', () => {
  it(
    `keeps every acknowledged write, and a valid file, over ${KILLS} kills`,
    async () => {
      const statePath = await tempState();
      let child = await server(statePath);
      const tenantOf = await tenant(child, 'killed');
      const rounds: Workload[] = [];
      let acknowledged = 0;
      let torn = 0;

      for (let round = 0; round < KILLS; round++) {
        const workload = new Workload(`kill${round}`, { ...tenantOf, url: child.url });
        rounds.push(workload);
        workload.start(16);
        // Killed at a random moment once the load runs: in the middle of appends, of whole-state
        // writes, or of both.
        await sleep(50 + Math.random() * 400);
        workload.expectFailures();
        child.process.kill('SIGKILL');
        expect(await child.exited).toBe('SIGKILL');
        await workload.stop();
        acknowledged += workload.acknowledged;

        // Whatever the kill interrupted, the file is a valid state, and the restarted server
        // serves every write answered before it: the whole-state file and its log together.
        await readStateFile(statePath);
        child = await server(statePath);
        expect(child.healthy).toBe(true);
        expect(child.logs.filter((line) => line.level === 'error')).toEqual([]);
        torn += child.logs.some((line) => line.message.includes('cut short')) ? 1 : 0;
        const served = await listFunctions({ ...tenantOf, url: child.url });
        const all = Number.POSITIVE_INFINITY;
        expect(violations(workload, served, all)).toEqual([]);
        for (const earlier of rounds.slice(0, -1)) {
          expect(violations(earlier, served, all), 'lost by a later crash').toEqual([]);
        }
        for (const vm of workload.instances) {
          const answer = await httpCall(child.url, 'GET', `/api/v1/instances/${vm.id}`, tenantOf);
          expect(answer.status, `instance ${vm.id}`).toBe(200);
        }
        settle(workload, served);
      }
      expect(acknowledged, 'the load wrote little').toBeGreaterThan(KILLS * 10);
      console.info(
        `${KILLS} kills: ${acknowledged} writes acknowledged, none lost; ${torn} restart(s) dropped a log line cut short by the kill`,
      );
    },
    30_000 + KILLS * 5_000,
  );
});

/**
 * After a crash, the steps in flight either made it or did not: what the restarted server holds
 * becomes the truth later rounds are checked against.
 */
function settle(workload: Workload, inFile: Map<string, { env: Record<string, string> }>): void {
  for (const fn of workload.functions.values()) {
    const held = inFile.get(fn.name);
    const reached = held ? Number(held.env.STEP) : fn.steps.findIndex((s) => s.kind === 'delete');
    if (reached < 0) {
      workload.functions.delete(fn.name);
      continue;
    }
    fn.steps = fn.steps.slice(0, reached + 1).map((step) => ({ ...step, ackedAt: step.ackedAt ?? 0 }));
  }
}

/**
 * A server with a tenant and `workers` writing for `ms`, once the file holds the tenant: an edit
 * made from what the file holds then keeps the tenant, so its token still works after it.
 */
async function burstInProgress(name: string, workers: number, ms: number) {
  const statePath = await tempState();
  const child = await server(statePath);
  const tenantOf = await tenant(child, name);
  const tenantMade = Date.now();
  const workload = new Workload(`${name}-burst`, tenantOf);
  workload.start(workers);
  await sleep(ms);
  await flushedAfter(child, tenantMade);
  return { statePath, child, tenantOf, workload };
}

describe('edits made to the state file from outside, in the middle of a write burst', () => {
  it('are reloaded and never written over; the writes answered after the reload are kept', async () => {
    const { statePath, child, tenantOf, workload } = await burstInProgress('edited', 20, 500);
    workload.expectFailures(); // the edit removes functions created since it was read

    // An editor's save: the whole file replaced at once, with the project renamed.
    const edited = JSON.parse(await readFile(statePath, 'utf8'));
    edited.tables.projects[tenantOf.projectId].name = 'renamed outside';
    await writeFile(`${statePath}.edit`, JSON.stringify(edited, null, 2));
    await rename(`${statePath}.edit`, statePath);
    const projectName = async () => {
      const listed = await httpCall(child.url, 'GET', '/api/v1/projects', tenantOf);
      const { data } = listed.body as { data: { id: string; name: string }[] };
      return data.find((p) => p.id === tenantOf.projectId)?.name;
    };
    await expect.poll(projectName, { timeout: 10_000, interval: 20 }).toBe('renamed outside');
    await workload.stop();

    // Writes answered after the reload are all kept, on top of the edit.
    const after = new Workload('after-edit', tenantOf);
    after.start(20);
    await sleep(1000);
    await after.stop();
    await flushedAfter(child, after.lastAck);
    const text = await readStateFile(statePath);
    expect(JSON.parse(text).tables.projects[tenantOf.projectId].name).toBe('renamed outside');
    expect(violations(after, functionsInFile(text), Number.POSITIVE_INFINITY)).toEqual([]);
    expect(violations(after, await listFunctions(tenantOf), Number.POSITIVE_INFINITY)).toEqual([]);
    // The log says the file was reloaded, what the edit changed against the server's state (the
    // project renamed; the functions created since the edit's read, removed), and how many
    // unwritten changes it discarded.
    const reload = child.logs.find((line) => line.message.includes('edited outside the server'));
    expect(reload?.level).toBe('warn');
    expect(reload?.fields).toMatchObject({
      path: statePath,
      discarded_changes: expect.any(Number),
      removed: expect.any(Number),
      tables: { projects: { added: 0, removed: 0, changed: 1 } },
    });
  }, 60_000);

  it('a broken edit is refused (writes answer 503) and left byte for byte until it is fixed', async () => {
    const { statePath, child, tenantOf, workload } = await burstInProgress('broken', 10, 300);
    workload.expectFailures(); // refused writes end the workers quietly
    const good = await readFile(statePath, 'utf8');
    const broken = good.slice(0, Math.floor(good.length / 2));
    await writeFile(statePath, broken);

    const create = (name: string) =>
      httpCall(child.url, 'POST', '/api/v1/functions', {
        ...tenantOf,
        body: { name, runtime: 'nodejs20', region: 'hn' },
      });
    await expect
      .poll(async () => (await create(`probe-${Date.now()}`)).status, { timeout: 10_000 })
      .toBe(503);
    await workload.stop();
    await sleep(300);
    expect(await readFile(statePath, 'utf8')).toBe(broken);
    expect(child.logs.some((line) => line.level === 'error' && line.message.includes(statePath))).toBe(true);

    // Fixed from outside: reloaded, and writes are accepted again and kept.
    await writeFile(statePath, good);
    await expect
      .poll(async () => (await create(`fixed-${Date.now()}`)).status, { timeout: 10_000 })
      .toBe(201);
    const last = Date.now();
    await flushedAfter(child, last);
    expect(
      [...functionsInFile(await readStateFile(statePath)).keys()].some((n) => n.startsWith('fixed-')),
    ).toBe(true);
  }, 60_000);
});
