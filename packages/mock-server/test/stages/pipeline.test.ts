import { instances } from '@nimbus/sdk/contract/v1/instances';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/core/pipeline/app';
import type { BoundOperation } from '../../src/core/pipeline/families';
import { bufferedRequest, type Reply } from '../../src/core/pipeline/request';
import { RequestTarget } from '../../src/core/pipeline/request-target';
import { Exchange, runStages, type Stage } from '../../src/core/pipeline/stage';
import { REQUEST_STAGES } from '../../src/core/pipeline/stages';
import { authenticationStage } from '../../src/core/pipeline/stages/auth';
import { hostAndOriginStage } from '../../src/core/pipeline/stages/origin-policy';
import { unknownFieldsStage } from '../../src/core/pipeline/stages/unknown-fields';
import { MemoryPersistence } from '../../src/store/persistence';
import { emptyState } from '../../src/store/state';
import { Store } from '../../src/store/store';

const answer: Reply = { status: 204, headers: {}, body: null };

/** An exchange of `request` on a server with `config`, routed to `v1.instances.create`. */
async function exchangeOf(
  headers: Record<string, string>,
  config: Parameters<typeof createApp>[0]['config'] = {},
  body?: string,
): Promise<Exchange> {
  const app = createApp({
    store: new Store(new MemoryPersistence(), emptyState('s'.repeat(43)), { flushDelayMs: 0 }),
    families: [],
    config,
  });
  const request = await bufferedRequest(
    new Request('http://127.0.0.1:4010/api/v1/instances', { method: 'POST', headers, body }),
    1_000_000,
  );
  const services = { runtime: app.runtime } as Exchange['server'];
  const target = new RequestTarget(request.url);
  const exchange = new Exchange(services, request, target, 'v1', 'r1', '', 'absent');
  exchange.operation = { id: 'v1.instances.create', endpoint: instances.create } as unknown as BoundOperation;
  return exchange;
}

describe('the request pipeline', () => {
  it('runs the stages in order until one answers, waiting only for a stage that returns a promise', async () => {
    const ran: string[] = [];
    const stage =
      (name: string, reply?: Reply, wait = false): Stage =>
      () => {
        ran.push(name);
        return wait ? Promise.resolve(reply) : reply;
      };
    const exchange = await exchangeOf({});
    const reply = await runStages(
      [stage('a'), stage('b', undefined, true), stage('c', answer), stage('d')],
      exchange,
    );
    expect(reply).toBe(answer);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('is one declared list, host and origin first and the handler last', () => {
    expect(REQUEST_STAGES.map((stage) => stage.name)).toEqual([
      'hostAndOriginStage',
      'preflightStage',
      'proxyStage',
      'routeStage',
      'faultStage',
      'controlStage',
      'rateLimitStage',
      'writableStoreStage',
      'authenticationStage',
      'tenancyStage',
      'inputStage',
      'unknownFieldsStage',
      'handlerStage',
    ]);
  });
});

describe('host and origin stage', () => {
  const policy = { allowedHosts: [], corsOrigins: [] };

  it('passes a page on a loopback origin and refuses one on another site with 403 origin_not_allowed', async () => {
    expect(hostAndOriginStage(await exchangeOf({ origin: 'http://localhost:5173' }, policy))).toBeUndefined();
    const foreign = await exchangeOf({ origin: 'https://evil.example' }, policy);
    expect(() => hostAndOriginStage(foreign)).toThrow(
      expect.objectContaining({
        status: 403,
        details: expect.objectContaining({ reason: 'origin_not_allowed' }),
      }),
    );
  });
});

describe('authentication stage', () => {
  it('refuses a request without credentials with 401, and a malformed bearer header', async () => {
    const anonymous = await exchangeOf({});
    expect(() => authenticationStage(anonymous)).toThrow(expect.objectContaining({ status: 401 }));
    const malformed = await exchangeOf({ authorization: 'Token abc' });
    expect(() => authenticationStage(malformed)).toThrow(
      expect.objectContaining({ status: 401, message: 'Authorization header must be "Bearer <token>"' }),
    );
  });
});

describe('unknown fields stage', () => {
  const body = '{"name":"web","flavour":"small"}';
  const withInput = (exchange: Exchange) => {
    exchange.input = {
      params: undefined,
      query: undefined,
      body: {},
      bodyText: body,
      bodyJson: JSON.parse(body),
    };
    return exchange;
  };

  it('refuses a body field the contract does not declare with 400 when strict', async () => {
    const strict = withInput(await exchangeOf({}, { strict: true }, body));
    expect(() => unknownFieldsStage(strict)).toThrow(
      expect.objectContaining({ status: 400, message: 'Unknown fields: body.flavour' }),
    );
  });

  it('lets it through otherwise', async () => {
    expect(unknownFieldsStage(withInput(await exchangeOf({}, {}, body)))).toBeUndefined();
  });
});
