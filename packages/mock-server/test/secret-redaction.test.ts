import {
  EACH,
  type Endpoint,
  type Operation,
  operations,
  type SecretPath,
  secretsOf,
} from '@nimbus/sdk/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../src/core/services/config';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../src/entries/testing';
import { pathOf } from './reliability/support/routes';
import { arbitraryOf } from './reliability/support/zod-arbitrary';
import { cameraBody, seedVideoTenant } from './v2/helpers';

// The contract marks its secret fields once (`secret()`); the request journal and the server's
// log redact from those marks. This walks every endpoint with a marked body or query field and
// sends a recognisable value in each.

/** Every marked field: removing a mark (or adding one) changes this list. */
const MARKED = [
  'v1.auth.register body password',
  'v1.auth.login body password',
  'v1.auth.login body totp_code',
  'v1.auth.login response access_token',
  'v1.auth.login response refresh_token',
  'v1.auth.refresh body refresh_token',
  'v1.auth.refresh response access_token',
  'v1.auth.refresh response refresh_token',
  'v1.auth.mfaEnroll body code',
  'v1.auth.mfaEnroll response secret',
  'v1.auth.mfaEnroll response otpauth_uri',
  'v1.auth.workloadToken response token',
  'v1.functions.list response env.*',
  'v1.functions.create body env.*',
  'v1.functions.create response env.*',
  'v1.functions.retrieve response env.*',
  'v1.functions.update body env.*',
  'v1.functions.update response env.*',
  'v1.apiProducts.subscriptions.create response api_key',
  'v1.topics.subscriptions.create body webhook_url (url-password)',
  'v1.topics.subscriptions.create response secret',
  'v1.vpnGateways.configureBgp body auth_key',
  'v1.databases.create body admin_password',
  'v1.iam.keys.create response key',
  'v1.vaults.create body secrets.*',
  'v2.cameras.create body rtsp_url (url-password)',
  'v2.cameras.update body rtsp_url (url-password)',
  'v2.playback.playlist query token',
  'v2.playback.segment query token',
  'v2.playback.snapshot query token',
  // The control token a browser passes to open the dashboard (auth control-page).
  'mock.dashboard.retrieve query token',
];

function describeMarks(): string[] {
  return operations().flatMap(({ id, endpoint }) => {
    const secrets = secretsOf(endpoint);
    return (['body', 'query', 'response'] as const).flatMap((part) =>
      secrets[part].map(
        ({ path, kind }) => `${id} ${part} ${path.join('.')}${kind === 'value' ? '' : ` (${kind})`}`,
      ),
    );
  });
}

interface LogLine {
  message: string;
  fields?: Record<string, unknown>;
}

let mock: MockServer;
let tenant: SeededTenant;
/** The /v2 bearer: a workload token of the tenant's project. */
let workloadToken: string;
const logged: LogLine[] = [];
const logger: Logger = {
  info: (message, fields) => logged.push({ message, fields }),
  warn: (message, fields) => logged.push({ message, fields }),
  error: (message, fields) => logged.push({ message, fields }),
};

beforeAll(async () => {
  mock = await startMockServer({ logger });
  tenant = await seedTenant(mock);
  ({ token: workloadToken } = await tenant.client.auth.workloadToken({
    project_id: tenant.project.id,
    scopes: ['cameras:write', 'cameras:read', 'playback:read'],
  }));
});
afterAll(() => mock.close());

let counter = 0;
/** A value no server would make up, of the shape a field accepts (digits for a 6-digit code). */
function recognisable(accepts: (value: string) => boolean): string {
  counter += 1;
  const word = `Sekret${counter}x${crypto.randomUUID().slice(0, 8)}`;
  const digits = String(700_000 + counter * 7919).slice(0, 6);
  return [word, digits].find(accepts) ?? word;
}

/**
 * `value` with a recognisable secret at `path`, recorded in `sent`: for a URL, in its password;
 * for a record (`*`), in every value, or under `DB_PASS` when there is none.
 */
function plant(
  value: unknown,
  { path, kind }: SecretPath,
  accepts: (candidate: unknown) => boolean,
  sent: string[],
): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) {
    const leaf = (candidate: string) =>
      kind === 'url-password'
        ? String(value ?? 'https://hooks.example.com/events').replace('://', `://user:${candidate}@`)
        : candidate;
    const secret = recognisable((candidate) => accepts(leaf(candidate)));
    sent.push(secret);
    return leaf(secret);
  }
  const object = (value ?? {}) as Record<string, unknown>;
  const inner = (child: unknown, key: string) =>
    plant(child, { path: rest, kind }, (c) => accepts({ ...object, [key]: c }), sent);
  if (segment !== EACH) return { ...object, [segment]: inner(object[segment], segment) };
  const keys = Object.keys(object).length > 0 ? Object.keys(object) : ['DB_PASS'];
  return { ...object, ...Object.fromEntries(keys.map((key) => [key, inner(object[key], key)])) };
}

/** A valid body for `endpoint` (by the contract), with each marked field holding a planted secret. */
function bodyWithSecrets(endpoint: Endpoint, paths: readonly SecretPath[], sent: string[]): unknown {
  const schema = endpoint.body!;
  const valid = fc
    .sample(arbitraryOf(schema, { maxItems: 1 }), { numRuns: 50, seed: 11 })
    .find((sample) => schema.safeParse(sample).success);
  let body: unknown = valid ?? {};
  for (const path of paths) {
    body = plant(body, path, (candidate) => schema.safeParse(candidate).success, sent);
  }
  return body;
}

async function send(op: Operation, sent: string[]): Promise<void> {
  const { endpoint } = op;
  const secrets = secretsOf(endpoint);
  const params = Object.fromEntries(
    (endpoint.path.match(/\{(\w+)\}/g) ?? []).map((p) => [p.slice(1, -1), crypto.randomUUID()]),
  );
  const url = new URL(pathOf(endpoint, params), mock.url);
  for (const { path } of secrets.query) {
    const secret = recognisable(() => true);
    sent.push(secret);
    url.searchParams.set(path[0]!, secret);
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${endpoint.api === 'v2' ? workloadToken : tenant.accessToken}`,
    'x-project-id': tenant.project.id,
  };
  const body = endpoint.body ? JSON.stringify(bodyWithSecrets(endpoint, secrets.body, sent)) : undefined;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: endpoint.method, headers, body });
  await response.arrayBuffer();
}

describe('secret fields', () => {
  it('are marked in the contract: passwords, codes, tokens, keys, env values, URL passwords', () => {
    expect(describeMarks()).toEqual(MARKED);
  });

  it('never reach the request journal or the server log, on any endpoint that takes one', async () => {
    const withSecrets = operations().filter(({ endpoint }) => {
      const { body, query } = secretsOf(endpoint);
      return body.length > 0 || query.length > 0;
    });
    expect(withSecrets.length).toBeGreaterThanOrEqual(12);
    const sent: string[] = [];
    for (const op of withSecrets) await send(op, sent);

    const journal = JSON.stringify((await mock.client.mock.requests.list()).data);
    const helper = JSON.stringify(mock.requests());
    const log = JSON.stringify(logged);
    expect(sent.length).toBeGreaterThanOrEqual(withSecrets.length);
    for (const secret of sent) {
      expect(journal, secret).not.toContain(secret);
      expect(helper, secret).not.toContain(secret);
      expect(log, secret).not.toContain(secret);
    }
    // Each request was journaled, its marked fields replaced rather than dropped.
    for (const { endpoint } of withSecrets) {
      expect(mock.requests({ method: endpoint.method }).length).toBeGreaterThan(0);
    }
    expect(journal).toContain('[redacted]');
    expect(journal).toContain(':***@');
  });
});

describe('secret values', () => {
  const controlToken = `ctl${crypto.randomUUID().replaceAll('-', '')}`;
  let guarded: MockServer;
  const guardedLog: LogLine[] = [];

  beforeAll(async () => {
    guarded = await startMockServer({
      controlToken,
      logger: {
        info: (message, fields) => guardedLog.push({ message, fields }),
        warn: (message, fields) => guardedLog.push({ message, fields }),
        error: (message, fields) => guardedLog.push({ message, fields }),
      },
    });
  });
  afterAll(() => guarded.close());

  const journalText = async () =>
    JSON.stringify((await guarded.client.mock.requests.list()).data) + JSON.stringify(guarded.requests());

  it('redact the control token sent under another name, in a header, the query or a body', async () => {
    await fetch(`${guarded.url}/api/v1/no-such-thing?key=${controlToken}`, {
      method: 'POST',
      headers: { 'x-control-token': controlToken, 'content-type': 'text/plain' },
      body: `token is ${controlToken}`,
    });
    await fetch(`${guarded.url}/api/v1/no-such-thing/${controlToken}`);
    const journal = await journalText();
    expect(journal).toContain('x-control-token');
    expect(journal).not.toContain(controlToken);
  });

  it('redact a bearer token and a marked field wherever else the request carries them', async () => {
    const owner = await seedTenant(guarded);
    const password = `Pw${crypto.randomUUID()}`;
    await fetch(`${guarded.url}/api/v1/auth/register?copy=${password}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${owner.accessToken}`,
        'x-forwarded-token': owner.accessToken,
        'x-password-copy': password,
      },
      body: JSON.stringify({ email: 'copy@example.com', password, full_name: password }),
    });
    const journal = await journalText();
    expect(journal).toContain('x-password-copy');
    expect(journal).not.toContain(password);
    expect(journal).not.toContain(owner.accessToken);
  });

  it('redact tokens the server issues by their form, on a request that marks none', async () => {
    const owner = await seedTenant(guarded);
    const { refresh_token: refreshToken } = await owner.client.auth.login({
      email: owner.user.email,
      password: owner.user.password,
    });
    await fetch(`${guarded.url}/nowhere?t=${encodeURIComponent(owner.accessToken)}`, {
      headers: { 'x-refresh': refreshToken },
    });
    const journal = await journalText();
    expect(journal).not.toContain(refreshToken);
    expect(journal).not.toContain(owner.accessToken);
  });

  it('keep the control token and issued tokens out of the log', async () => {
    const { token, video } = await seedVideoTenant(guarded);
    await video.cameras.create(
      cameraBody({ rtsp_url: `rtsp://cam.local/live?sig=${controlToken}&t=${token}` }),
    );
    const log = JSON.stringify(guardedLog);
    expect(log).toContain('video camera created');
    expect(log).not.toContain(controlToken);
    expect(log).not.toContain(token);
  });
});
