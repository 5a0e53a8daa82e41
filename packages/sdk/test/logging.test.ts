import type { MockServer, SeededTenant } from '@nimbus/mock-server/testing';
import { type ClientLogLevel, type Logger, Nimbus, NimbusError, NotFoundError } from '@nimbus/sdk';
import { pino } from 'pino';
import { describe, expect, vi } from 'vitest';
import { it } from './helpers';

// The logger against the reference server on an ephemeral port: what each level reports,
// and that no credential reaches a log line at any level.

interface Line {
  level: keyof Logger;
  message: string;
  fields: Record<string, unknown>;
}

function recordingLogger(): Logger & { lines: Line[]; text(): string } {
  const lines: Line[] = [];
  const at = (level: keyof Logger) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, message, fields });
  return {
    lines,
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    text: () => JSON.stringify(lines),
  };
}
it.afterEach(({ mock }) => mock.client.mock.faults.clear());

/** A client of `tenant` on `mock` with the given log level and logger. */
function clientAt(
  { mock, tenant }: { mock: MockServer; tenant: SeededTenant },
  logLevel: ClientLogLevel,
  logger: Logger,
  maxRetries = 0,
) {
  return new Nimbus({
    baseUrl: mock.url,
    accessToken: tenant.accessToken,
    projectId: tenant.project.id,
    logLevel,
    logger,
    maxRetries,
  });
}

describe('logLevel', () => {
  it('info: one line per call with the request line, status, request id, retries and duration', async ({
    mock,
    tenant,
  }) => {
    const logger = recordingLogger();

    const { requestId } = await clientAt({ mock, tenant }, 'info', logger).users.me().withResponse();

    expect(logger.lines).toHaveLength(1);
    const [line] = logger.lines;
    expect(line?.level).toBe('info');
    expect(line?.message).toBe(`GET ${mock.url}/api/v1/users/me 200`);
    expect(requestId).toMatch(/\S/);
    expect(line?.fields).toMatchObject({ requestId, retries: 0, durationMs: expect.any(Number) });
  });

  it('warn: each retry, with the status and the wait; info then reports the retries', async ({
    mock,
    tenant,
  }) => {
    await mock.client.mock.faults.create({ method: 'GET', path: '/api/v1/users/me', status: 503, times: 1 });
    const logger = recordingLogger();

    await clientAt({ mock, tenant }, 'info', logger, 2).users.me();

    expect(logger.lines.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(logger.lines[0]?.message).toMatch(/^GET \S+\/api\/v1\/users\/me 503; retry 1 of 2 in \d+ ms$/);
    expect(logger.lines[1]?.fields).toMatchObject({ retries: 1 });
  });

  it('error: a call that fails for good with a 5xx, but not a 4xx the caller handles', async ({
    mock,
    tenant,
  }) => {
    await mock.client.mock.faults.create({ method: 'GET', path: '/api/v1/users/me', status: 500, times: 1 });
    const logger = recordingLogger();
    const client = clientAt({ mock, tenant }, 'error', logger);

    await expect(client.users.me()).rejects.toBeInstanceOf(NimbusError);
    await expect(client.instances.retrieve(crypto.randomUUID())).rejects.toBeInstanceOf(NotFoundError);

    expect(logger.lines.map((l) => [l.level, l.message])).toEqual([
      ['error', expect.stringMatching(/^GET \S+\/api\/v1\/users\/me 500/)],
    ]);
  });

  it('debug: every attempt with its headers, credentials masked', async ({ mock, tenant }) => {
    const logger = recordingLogger();

    await clientAt({ mock, tenant }, 'debug', logger).instances.list({ per_page: 5 });

    expect(logger.lines.map((l) => l.level)).toEqual(['debug', 'debug', 'info']);
    expect(logger.lines[0]?.message).toBe(`GET ${mock.url}/api/v1/instances?per_page=5 sending`);
    expect(logger.lines[0]?.fields).toMatchObject({
      headers: { authorization: '***', 'x-project-id': tenant.project.id },
      attempt: 1,
    });
    expect(logger.lines[1]?.message).toBe(`GET ${mock.url}/api/v1/instances?per_page=5 answered 200`);
  });

  it('never logs passwords, tokens or API keys, at any level', async ({ mock, tenant }) => {
    const logger = recordingLogger();
    const anonymous = new Nimbus({ baseUrl: mock.url, logLevel: 'debug', logger, maxRetries: 0 });
    const { password, email } = tenant.user;

    const login = await anonymous.auth.login({ email, password });
    await anonymous.users.me();
    await anonymous.auth.refresh();
    const keyed = new Nimbus({ baseUrl: mock.url, apiKey: 'nk_secret_key_value', logLevel: 'debug', logger });
    await expect(keyed.users.me()).rejects.toBeInstanceOf(NimbusError);

    const logged = logger.text();
    expect(logger.lines.length).toBeGreaterThan(8);
    for (const secret of [password, login.access_token, login.refresh_token, 'nk_secret_key_value']) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('/api/v1/auth/login');
  });

  it('debug: the body sent, each field the contract marks secret shown as ***', async ({ mock, tenant }) => {
    const logger = recordingLogger();
    const { password, email } = tenant.user;
    await new Nimbus({ baseUrl: mock.url, logLevel: 'debug', logger, maxRetries: 0 }).auth.login({
      email,
      password,
    });
    const env = { DB_PASS: `db-${crypto.randomUUID()}`, STRIPE_KEY: `sk-${crypto.randomUUID()}` };
    await clientAt({ mock, tenant }, 'debug', logger).functions.create({
      name: 'billing',
      runtime: 'nodejs20',
      region: 'hn',
      env,
    });

    const sent = logger.lines.filter((l) => l.message.endsWith(' sending')).map((l) => l.fields);
    expect(sent[0]).toMatchObject({ body: { email, password: '***' } });
    expect(sent[1]).toMatchObject({
      body: { name: 'billing', env: { DB_PASS: '***', STRIPE_KEY: '***' } },
    });
    const logged = logger.text();
    for (const secret of [password, env.DB_PASS, env.STRIPE_KEY]) expect(logged).not.toContain(secret);
  });

  it('off (the default): the logger is never called', async ({ mock, tenant }) => {
    const logger = recordingLogger();
    await new Nimbus({ baseUrl: mock.url, logger }).video.health.live();
    await clientAt({ mock, tenant }, 'off', logger).users.me();
    expect(logger.lines).toEqual([]);
  });

  it('refuses an unknown level with a NimbusError naming the accepted ones', ({ mock }) => {
    expect(() => new Nimbus({ baseUrl: mock.url, logLevel: 'verbose' as ClientLogLevel })).toThrow(
      /logLevel must be one of off, error, warn, info, debug/,
    );
  });
});

describe('the loggers the README names', () => {
  it('pino keeps the fields of each line as fields', async ({ mock, tenant }) => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });

    const { requestId } = await clientAt({ mock, tenant }, 'info', logger).users.me().withResponse();

    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: `GET ${mock.url}/api/v1/users/me 200`,
        requestId,
        retries: 0,
        durationMs: expect.any(Number),
      }),
    ]);
  });

  it('console prints the message first, then the fields', async ({ mock, tenant }) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    try {
      const { requestId } = await clientAt({ mock, tenant }, 'info', console).users.me().withResponse();

      expect(info.mock.calls).toEqual([
        [`GET ${mock.url}/api/v1/users/me 200`, expect.objectContaining({ requestId, retries: 0 })],
      ]);
    } finally {
      info.mockRestore();
    }
  });
});
