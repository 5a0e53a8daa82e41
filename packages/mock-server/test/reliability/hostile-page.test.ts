import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { browserTestsRun, launchChromium } from '../support/chromium';

/**
 * What a page can do to a reference server on the developer's machine, in a real browser. The
 * same little site is served under a foreign name (`evil.test`, resolved to 127.0.0.1 by
 * Chromium's host rules, as a DNS-rebinding or any public page would be) and under `localhost`.
 */
const PROBES = `<!doctype html><html><body><script>
const server = new URLSearchParams(location.search).get('server');
const token = new URLSearchParams(location.search).get('token');
const project = new URLSearchParams(location.search).get('project');
const wsToken = new URLSearchParams(location.search).get('ws');
async function attempt(run) {
  try { return { ok: true, value: await run() }; } catch (error) { return { ok: false, error: String(error) }; }
}
function openSocket(url) {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.onopen = () => { socket.close(); resolve('open'); };
    socket.onerror = () => resolve('refused');
  });
}
window.probes = (async () => ({
  state: await attempt(async () => (await fetch(server + '/__mock/state?include_secret=true')).text()),
  requests: await attempt(async () => (await fetch(server + '/__mock/requests')).text()),
  login: await attempt(async () => (await fetch(server + '/api/v1/auth/login', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.test', password: 'whatever-pass' }),
  })).status),
  instances: await attempt(async () => {
    const res = await fetch(server + '/api/v1/instances', { headers: { authorization: 'Bearer ' + token, 'x-project-id': project } });
    return (await res.json()).data.map((vm) => vm.name);
  }),
  socket: await openSocket(server.replace('http', 'ws') + '/v2/ws/events?token=' + wsToken),
  resetNoCors: await attempt(async () => (await fetch(server + '/__mock/reset', { method: 'POST', mode: 'no-cors' })).type),
  reset: await attempt(async () => (await fetch(server + '/__mock/reset', { method: 'POST' })).status),
}))();
</script></body></html>`;

interface Probes {
  state: { ok: boolean; value?: string };
  requests: { ok: boolean; value?: string };
  reset: { ok: boolean; value?: number };
  resetNoCors: { ok: boolean; value?: string };
  login: { ok: boolean; value?: number };
  instances: { ok: boolean; value?: string[] };
  socket: 'open' | 'refused';
}

describe.runIf(browserTestsRun)('a web page in the developer browser', () => {
  let mock: MockServer;
  let tenant: SeededTenant;
  let workloadToken: string;
  let site: Server;
  let sitePort: number;
  let browser: Browser;
  let page: Page;

  const users = () => Object.keys(mock.exportState().tables.users ?? {}).length;

  async function probe(siteHost: string): Promise<Probes> {
    const query = new URLSearchParams({
      server: mock.url,
      token: tenant.accessToken,
      project: tenant.project.id,
      ws: workloadToken,
    });
    await page.goto(`http://${siteHost}:${sitePort}/probes.html?${query}`);
    return (await page.evaluate('window.probes')) as Probes;
  }

  beforeAll(async () => {
    mock = await startMockServer();
    tenant = await seedTenant(mock, { instances: [{ name: 'web-1', flavor: 'small', region: 'hn' }] });
    workloadToken = (
      await tenant.client.auth.workloadToken({ project_id: tenant.project.id, scopes: ['events:read'] })
    ).token;
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(PROBES);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    browser = await launchChromium(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
    page = await browser.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await mock?.close();
  });

  it('from a foreign origin, reads nothing, wipes nothing and opens no stream', async () => {
    const before = users();
    const probes = await probe('evil.test');
    expect(probes.state.ok).toBe(false);
    expect(probes.requests.ok).toBe(false);
    expect(probes.reset.ok).toBe(false);
    expect(probes.login.ok).toBe(false);
    expect(probes.instances.ok).toBe(false);
    expect(probes.socket).toBe('refused');
    // A no-cors POST is sent all the same; the server must refuse it, not just hide the answer.
    expect(probes.resetNoCors.value).toBe('opaque');
    expect(users()).toBe(before);
    expect(before).toBeGreaterThan(0);
  });

  it('under a rebound name on the server own port, gets a 403 for every page', async () => {
    const port = new URL(mock.url).port;
    for (const path of ['/__mock/state?include_secret=true', '/docs', '/api/v1/openapi.json']) {
      const response = await page.goto(`http://evil.test:${port}${path}`);
      expect(response?.status()).toBe(403);
      expect(await response?.text()).not.toContain('"secret"');
    }
  });

  it('from localhost, works with the API, the control routes and the stream', async () => {
    const probes = await probe('localhost');
    expect(probes.instances).toEqual({ ok: true, value: ['web-1'] });
    expect(probes.login).toEqual({ ok: true, value: 401 });
    expect(probes.state.ok).toBe(true);
    expect(JSON.parse(probes.state.value!).tables.users).toBeDefined();
    expect(probes.socket).toBe('open');
    // The page's reset went through: it is the developer's own page.
    expect(probes.reset).toEqual({ ok: true, value: 200 });
    expect(users()).toBe(0);
  });
});
