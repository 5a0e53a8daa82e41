import { type Operation, operations } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaResources } from '../../src/core/services/quotas';
import { users } from '../../src/core/services/tables';
import { startSession } from '../../src/families/v1/auth';
import { createAll } from './support/creators';
import { contractAccepts, inputArbitrary, validHints } from './support/fuzz-inputs';
import { apiOf, envelopeProblem, Harness, seedTenant, type Tenant } from './support/harness';
import { type Credentials, paramNames, type RouteInput, requestFor, routes } from './support/routes';

/**
 * Every route of the contract, with inputs generated from its own schemas: what the contract
 * accepts must succeed with the declared status or fail with a documented 4xx in the API's
 * envelope (and then change nothing); what it refuses must be 400 VALIDATION_ERROR. Never a
 * 500, never a hang.
 */

/** Routes left out, and why. They are fuzzed with invalid input in fuzz-invalid.test.ts. */
const EXCLUDED: Record<string, string> = {
  'mock.reset': 'empties the state the other routes are fuzzed on',
  'mock.state.import': 'replaces the state the other routes are fuzzed on',
  'mock.clock.advance': 'moves time up to ten years: every token of the run would expire',
  'mock.faults.create': 'an injected fault would answer the following requests instead of their routes',
  'mock.faults.clear': 'nothing to fuzz: no input',
};

/** Routes that hash a password (scrypt) on every call: fewer runs. */
const SLOW = new Set(['v1.auth.register', 'v1.auth.login']);
const RUNS = 18;
const SLOW_RUNS = 3;

let harness: Harness;
let tenant: Tenant;
let made: Map<string, Record<string, unknown>>;
const outcomes = new Map<string, { accepted: number; succeeded: number }>();

beforeAll(async () => {
  harness = Harness.create();
  tenant = await seedTenant((m, p, o) => harness.call(m, p, o), 'fuzz');
  made = await createAll((r) => harness.send(r), tenant);
  // Quotas out of the way, so creates keep succeeding however many the fuzzer makes.
  const limits = Object.fromEntries([...quotaResources].map((name) => [name, 1_000_000]));
  const raised = await harness.call('PUT', `/__mock/quotas/${tenant.projectId}`, { body: { limits } });
  expect(raised.status).toBe(200);
}, 60_000);
afterAll(() => harness.close());

/** Logout ends the session it is called with: each run gets a session of its own. */
async function credentialsFor(op: Operation): Promise<Credentials> {
  if (op.id !== 'v1.auth.logout') return tenant;
  const user = harness.store.table(users).get(tenant.userId)!;
  const pair = await startSession(harness.app.runtime, user);
  return { ...tenant, accessToken: pair.access_token };
}

async function check(op: Operation, input: RouteInput): Promise<void> {
  const e = op.endpoint;
  const accepted = contractAccepts(op, input);
  harness.settle();
  harness.writes.length = 0;
  const answer = await harness.send(requestFor(e, input, await credentialsFor(op)));
  const what = `${op.id} ${JSON.stringify(input).slice(0, 400)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  const tally = outcomes.get(op.id) ?? { accepted: 0, succeeded: 0 };
  outcomes.set(op.id, tally);
  if (accepted) tally.accepted++;
  if (answer.status < 400) {
    tally.succeeded++;
    expect(accepted, `the contract refuses what the server took: ${what}`).toBe(true);
    expect(answer.status, what).toBe(e.status);
    if (e.api === 'v1' && (e.responseKind ?? 'json') === 'json' && e.status !== 204) {
      expect(answer.body, what).toMatchObject({ success: true, meta: { request_id: expect.any(String) } });
    }
    return;
  }
  expect(envelopeProblem(apiOf(e.path), answer), `${what}\n${harness.errors.at(-1)}`).toBeUndefined();
  if (!accepted)
    expect((answer.body as { error: { code: string } }).error.code, what).toBe('VALIDATION_ERROR');
  expect(harness.changedTables(answer), `a refused request changed the state: ${what}`).toEqual([]);
}

// Deletes last (they remove the records the other routes aim at), children before their parents,
// and the control routes after them.
const rank = (op: Operation) =>
  op.endpoint.api === 'mock'
    ? 1000
    : op.endpoint.method === 'DELETE'
      ? 100 - paramNames(op.endpoint).length
      : 0;
const fuzzed = routes((op) => !(op.id in EXCLUDED)).sort((a, b) => rank(a) - rank(b));

it('leaves out only operations of the contract', () => {
  const ids = new Set(operations().map((op) => op.id));
  expect(Object.keys(EXCLUDED).filter((id) => !ids.has(id))).toEqual([]);
});

describe('fuzzing every route with inputs generated from the contract', () => {
  it.each(fuzzed.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const hints = validHints(made, tenant);
    await fc.assert(
      fc.asyncProperty(inputArbitrary(op, made, hints), (input) => check(op, input)),
      { numRuns: SLOW.has(op.id) ? SLOW_RUNS : RUNS, seed: 20_260_101 },
    );
  });

  it('got past validation into the handlers: most routes answered 2xx at least once', () => {
    // Meaningful only after every route ran (a `-t` filter runs this test alone).
    if (outcomes.size < fuzzed.length) return;
    const never = fuzzed.filter((op) => !outcomes.get(op.id)?.succeeded).map((op) => op.id);
    const accepted = [...outcomes.values()].reduce((sum, t) => sum + t.accepted, 0);
    const total = fuzzed.length * RUNS;
    // Generation from the schemas is good enough that most inputs pass the contract...
    expect(accepted / total).toBeGreaterThan(0.6);
    // ...and routes that never succeed are the few whose inputs must agree with existing records
    // (a subnet inside its VPC's range, a metric its resource type reports, a recorded hour).
    expect(never.length, `never succeeded: ${never.join(', ')}`).toBeLessThan(fuzzed.length * 0.2);
  });
});
