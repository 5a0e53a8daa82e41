import { APITimeoutError, APIUserAbortError, nodeHttpFetch } from '@nimbus/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../src/core/transport';
import {
  type StallingServer,
  type StubServer,
  startStallingServer,
  startStubServer,
} from './helpers/stub-server';

// nodeHttpFetch (node:http) driven by `send`, as a client drives it, against real servers.

let target: StubServer | undefined;
let stalling: StallingServer | undefined;
afterEach(async () => {
  await target?.close();
  stalling?.close();
  target = stalling = undefined;
});

async function startStalling(): Promise<string> {
  stalling = await startStallingServer();
  return stalling.url;
}

describe('nodeHttpFetch', () => {
  it('sends method, headers and body; answers status, headers and body', async () => {
    target = await startStubServer(() => ({
      status: 201,
      body: { ok: true },
      headers: { 'x-answer': 'yes' },
    }));

    const received = await send(
      nodeHttpFetch,
      `${target.url}/api/v1/things?x=1`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sent': 'a' },
        body: '{"name":"x"}',
      },
      { timeoutMs: 5000, binary: false },
    );

    expect(received.status).toBe(201);
    expect(received.header('x-answer')).toBe('yes');
    expect(received.response.headers.get('x-answer')).toBe('yes');
    expect(JSON.parse(received.body as string)).toEqual({ ok: true });
    expect(target.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/things?x=1',
      body: '{"name":"x"}',
    });
    expect(target.requests[0]?.headers['x-sent']).toBe('a');
  });

  it('answers 204 without a body, and follows redirects as fetch does', async () => {
    target = await startStubServer((request) => {
      if (request.url === '/old') return { status: 302, headers: { location: '/new' } };
      return request.url === '/new' ? { status: 200, body: 'moved' } : { status: 204 };
    });

    expect((await nodeHttpFetch(`${target.url}/empty`, { method: 'DELETE' })).status).toBe(204);
    const moved = await send(
      nodeHttpFetch,
      `${target.url}/old`,
      { method: 'GET' },
      { timeoutMs: 5000, binary: false },
    );

    expect(moved.response.status).toBe(200);
    expect(moved.body).toBe('moved');
  });

  it('times out within the budget, headers and body together', async () => {
    const url = await startStalling();

    const error = await send(nodeHttpFetch, url, { method: 'GET' }, { timeoutMs: 200, binary: false }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(APITimeoutError);
  });

  it("stops on the caller's signal", async () => {
    const url = await startStalling();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    const error = await send(
      nodeHttpFetch,
      url,
      { method: 'GET' },
      { timeoutMs: 60_000, signal: controller.signal, binary: false },
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIUserAbortError);
  });
});
