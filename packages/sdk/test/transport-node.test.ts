import { Agent, EnvHttpProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatcherFor, fetchVia } from '../src/core/transport-node';
import { type StubServer, sequence, startStubServer } from './helpers/stub-server';

let proxy: StubServer | undefined;
let target: StubServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await target?.close();
  proxy = target = undefined;
});

describe('Node transport', () => {
  it('uses a keep-alive Agent without proxy variables', () => {
    expect(dispatcherFor({})).toBeInstanceOf(Agent);
  });

  it('uses EnvHttpProxyAgent when HTTP_PROXY or HTTPS_PROXY is set', () => {
    expect(dispatcherFor({ HTTPS_PROXY: 'http://proxy.test:3128' })).toBeInstanceOf(EnvHttpProxyAgent);
    expect(dispatcherFor({ http_proxy: 'http://proxy.test:3128' })).toBeInstanceOf(EnvHttpProxyAgent);
  });

  it('sends requests through the proxy', async () => {
    proxy = await startStubServer(sequence({ status: 200, body: 'via proxy' }));
    const viaProxy = fetchVia(dispatcherFor({ HTTP_PROXY: proxy.url }));

    const response = await viaProxy('http://nimbus.invalid/api/v1/users/me', { method: 'GET' });

    expect(await response.text()).toBe('via proxy');
    // An HTTP proxy receives the absolute URL in the request line.
    expect(proxy.requests[0]?.url).toBe('http://nimbus.invalid/api/v1/users/me');
  });

  it('goes direct to hosts named in NO_PROXY', async () => {
    proxy = await startStubServer(sequence({ status: 200, body: 'via proxy' }));
    target = await startStubServer(sequence({ status: 200, body: 'direct' }));
    const bypass = fetchVia(dispatcherFor({ HTTP_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' }));

    const response = await bypass(`${target.url}/api/v1/users/me`, { method: 'GET' });

    expect(await response.text()).toBe('direct');
    expect(target.requests[0]?.url).toBe('/api/v1/users/me');
    expect(proxy.requests).toHaveLength(0);
  });
});
