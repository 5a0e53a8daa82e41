import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { type RawAnswer, rawRequest } from '../support/raw-http';

/** A GET with the Host and Origin headers a browser (or a DNS-rebinding page) would send. */
const get = (baseUrl: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(baseUrl, path, { headers });

const reasonOf = (answer: RawAnswer) =>
  (JSON.parse(answer.body) as { error: { details?: { reason?: string } } }).error.details?.reason;

describe('GET /__mock/ui without a control token', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMockServer({ corsOrigins: ['https://app.example.test'] });
  });

  afterAll(() => mock?.close());

  it('serves the page to a navigation, with a policy that allows only its own script and requests', async () => {
    const answer = await get(mock.url, '/__mock/ui');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('<title>Nimbus mock dashboard</title>');
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'sha256-[\w+/=]+'/);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it('is what the SDK reads', async () => {
    await expect(mock.client.mock.dashboard.retrieve()).resolves.toContain('id="log-rows"');
  });

  it('refuses a foreign Host, as every route does (DNS rebinding)', async () => {
    const answer = await get(mock.url, '/__mock/ui', { host: 'evil.example.test' });
    expect(answer.status).toBe(403);
    expect(reasonOf(answer)).toBe('host_not_allowed');
  });

  it('refuses a page on a foreign origin', async () => {
    const answer = await get(mock.url, '/__mock/ui', { origin: 'https://evil.example.test' });
    expect(answer.status).toBe(403);
    expect(reasonOf(answer)).toBe('origin_not_allowed');
  });

  it('refuses a page on an origin allowed for the APIs, as the other control routes do', async () => {
    const answer = await get(mock.url, '/__mock/ui', { origin: 'https://app.example.test' });
    expect(answer.status).toBe(403);
    expect(reasonOf(answer)).toBe('control_origin_not_allowed');
    const state = await get(mock.url, '/__mock/state', { origin: 'https://app.example.test' });
    expect(state.status).toBe(403);
  });

  it('answers a page on a loopback origin', async () => {
    const answer = await get(mock.url, '/__mock/ui', { origin: 'http://localhost:5173' });
    expect(answer.status).toBe(200);
  });
});

describe('GET /__mock/ui with a control token', () => {
  const controlToken = 'dashboard-http-token-0123456789abcdef';
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMockServer({ controlToken });
  });

  afterAll(() => mock?.close());

  it('needs the token', async () => {
    await expect(get(mock.url, '/__mock/ui')).resolves.toMatchObject({ status: 401 });
    await expect(get(mock.url, '/__mock/ui?token=not-the-token')).resolves.toMatchObject({ status: 401 });
    await expect(
      get(mock.url, '/__mock/ui', { authorization: 'Bearer not-the-token' }),
    ).resolves.toMatchObject({ status: 401 });
  });

  it('takes it in ?token= (a navigation sends no header) or as a bearer header', async () => {
    await expect(get(mock.url, `/__mock/ui?token=${controlToken}`)).resolves.toMatchObject({ status: 200 });
    await expect(
      get(mock.url, '/__mock/ui', { authorization: `Bearer ${controlToken}` }),
    ).resolves.toMatchObject({ status: 200 });
    // The SDK sends the client's control token.
    await expect(mock.client.mock.dashboard.retrieve()).resolves.toContain(
      '<title>Nimbus mock dashboard</title>',
    );
  });

  it('keeps the token out of the request journal', async () => {
    await get(mock.url, `/__mock/ui?token=${controlToken}`);
    await get(mock.url, `/api/v1/instances?token=${controlToken}`);
    const journal = JSON.stringify(mock.requests());
    expect(journal).toContain('/api/v1/instances');
    expect(journal).not.toContain(controlToken);
  });
});
