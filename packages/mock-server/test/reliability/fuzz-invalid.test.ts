import { type Operation, operations } from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAll } from './support/creators';
import { contractAccepts, inputArbitrary, validHints } from './support/fuzz-inputs';
import {
  type Answer,
  apiOf,
  envelopeProblem,
  Harness,
  prototypeFingerprint,
  seedTenant,
  type Tenant,
} from './support/harness';
import { deepArrays, deepObjects, mutate, pollutingJson } from './support/mutations';
import { pathOf, type RouteInput, requestFor, routes } from './support/routes';

/**
 * Invalid input on every route, generated from the contract: wrong types, missing and extra
 * fields, bodies of the wrong shape, broken JSON, other content types, bad path ids and query
 * values, deep nesting, huge strings, Unicode and prototype keys. Never a 500 or a hang,
 * always the API's error envelope, and a refused request leaves the state as it was.
 */

/** Routes whose *accepted* input would end the session or replace the state under the test. */
const DESTRUCTIVE = new Set([
  'mock.reset',
  'mock.state.import',
  'mock.clock.advance',
  'mock.faults.create',
  'mock.faults.clear',
  'v1.auth.logout',
]);
const RUNS = 10;
const MIB = 1024 * 1024;

let harness: Harness;
let tenant: Tenant;
let made: Map<string, Record<string, unknown>>;
const prototypes = prototypeFingerprint();

beforeAll(async () => {
  harness = Harness.create();
  tenant = await seedTenant((m, p, o) => harness.call(m, p, o), 'hostile');
  made = await createAll((r) => harness.send(r), tenant);
}, 60_000);
afterAll(() => harness.close());

type Expectation = 'contract' | 'refused' | { status: number; code: string };

/** Sends one input and checks the answer against what the contract says about it. */
async function expectSafe(op: Operation, input: RouteInput, expectation: Expectation): Promise<Answer> {
  const e = op.endpoint;
  const request = requestFor(e, input, tenant);
  // A `..` in a path parameter is resolved by the URL itself: the request goes to another route.
  const rerouted = new URL(request.url).pathname !== pathOf(e, input.params);
  const { answer, changes } = await harness.sendTracked(request);
  const what = `${op.id} ${JSON.stringify({ ...input, rawBody: input.rawBody?.slice(0, 200) }).slice(0, 500)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(prototypeFingerprint(), `a prototype changed: ${what}`).toBe(prototypes);
  expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
  if (answer.status < 400) {
    expect(rerouted || expectation === 'contract', `accepted: ${what}`).toBe(true);
    if (!rerouted) expect(contractAccepts(op, input), `the contract refuses it: ${what}`).toBe(true);
    return answer;
  }
  expect(
    envelopeProblem(apiOf(new URL(request.url).pathname), answer),
    `${what}\n${harness.errors.at(-1)}`,
  ).toBe(undefined);
  if (!rerouted && typeof expectation === 'object') {
    expect(
      { status: answer.status, code: (answer.body as { error: { code: string } }).error.code },
      what,
    ).toEqual(expectation);
  }
  expect(changes.join('\n'), `a refused request changed the state: ${what}`).toBe('');
  return answer;
}

/** Valid inputs of a route, then made invalid; the oracle is the contract itself. */
const mutable = routes(
  (op) => !DESTRUCTIVE.has(op.id) && !!(op.endpoint.body || op.endpoint.params || op.endpoint.query),
);
const withBody = routes((op) => op.endpoint.body !== undefined);

it('leaves out only operations of the contract', () => {
  const ids = new Set(operations().map((op) => op.id));
  expect([...DESTRUCTIVE].filter((id) => !ids.has(id))).toEqual([]);
});

describe('invalid input generated from the contract', () => {
  it.each(mutable.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const hints = validHints(made, tenant);
    await fc.assert(
      fc.asyncProperty(mutate(op, inputArbitrary(op, made, hints)), async (input) => {
        const rawOrType = input.rawBody !== undefined || input.contentType !== undefined;
        await expectSafe(op, input, rawOrType ? 'refused' : 'contract');
      }),
      { numRuns: RUNS, seed: 20_260_102 },
    );
  });
});

describe('hostile bodies on every route that takes one', () => {
  const base = (op: Operation): RouteInput => {
    const [sample] = fc.sample(inputArbitrary(op, made, validHints(made, tenant)), { numRuns: 1, seed: 3 });
    return sample!;
  };

  it.each(withBody.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const input = base(op);
    const fields = Object.keys((input.body ?? {}) as object);
    const validation = { status: 400, code: 'VALIDATION_ERROR' };
    // 10 000 levels of nesting: the parser, the validator and the renderer must not overflow.
    for (const raw of [deepArrays(10_000), deepObjects(10_000)]) {
      await expectSafe(op, { ...input, body: undefined, rawBody: raw }, validation);
    }
    // Deep values in every field, as the field and one level down (records and free-form data).
    const deep = deepArrays(10_000);
    for (const field of fields) {
      for (const value of [deep, `{"k":${deep}}`]) {
        const key = JSON.stringify(field);
        const rawBody = JSON.stringify({ ...(input.body as object), [field]: 0 }).replace(
          `${key}:0`,
          `${key}:${value}`,
        );
        expect(rawBody).toContain(deep);
        await expectSafe(op, { ...input, body: undefined, rawBody }, validation);
      }
    }
    // Over the body limit: 413 before anything is parsed.
    await expectSafe(
      op,
      { ...input, body: { ...(input.body as object), padding: 'x'.repeat(MIB) } },
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    );
    if (DESTRUCTIVE.has(op.id)) return;
    // A string just under the body limit: refused by the field's bounds, or kept.
    const near = 'x'.repeat(MIB - 4096);
    for (const field of fields.slice(0, 1)) {
      await expectSafe(op, { ...input, body: { ...(input.body as object), [field]: near } }, 'contract');
    }
    // Prototype keys at the top and inside every field: nothing reaches Object.prototype.
    await expectSafe(op, { ...input, body: undefined, rawBody: pollutingJson(input.body) }, 'contract');
  });
});
