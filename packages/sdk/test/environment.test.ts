import { type Logger, Nimbus, NimbusError } from '@nimbus/sdk';
import { afterEach, describe, expect, vi } from 'vitest';
import { it } from './helpers';

// NIMBUS_BASE_URL and NIMBUS_LOG, read by the Node entry when the options do not say.

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function recordingLogger() {
  const lines: string[] = [];
  const record = (_fields: object, message: string) => {
    lines.push(message);
  };
  const logger: Logger = { error: record, warn: record, info: record, debug: record };
  return { logger, lines };
}

describe('NIMBUS_BASE_URL', () => {
  it('is the base URL when none is given', async ({ mock }) => {
    vi.stubEnv('NIMBUS_BASE_URL', mock.url);

    const client = new Nimbus();

    expect(client.baseUrl).toBe(mock.url);
    await expect(client.video.health.live()).resolves.toMatchObject({ status: 'ok' });
  });

  it('gives way to the baseUrl option', ({ mock }) => {
    vi.stubEnv('NIMBUS_BASE_URL', 'http://127.0.0.1:9');
    expect(new Nimbus({ baseUrl: mock.url }).baseUrl).toBe(mock.url);
  });

  it('missing, with no option: a NimbusError that names both', () => {
    vi.stubEnv('NIMBUS_BASE_URL', '');
    expect(() => new Nimbus()).toThrow(NimbusError);
    expect(() => new Nimbus()).toThrow(/baseUrl.*NIMBUS_BASE_URL/);
  });
});

describe('NIMBUS_LOG', () => {
  it('sets the level when the logLevel option does not', async ({ mock }) => {
    vi.stubEnv('NIMBUS_LOG', 'info');
    const { logger, lines } = recordingLogger();

    await new Nimbus({ baseUrl: mock.url, logger }).video.health.live();
    await new Nimbus({ baseUrl: mock.url, logger, logLevel: 'off' }).video.health.live();

    expect(lines).toEqual([`GET ${mock.url}/v2/health 200`]);
  });

  it('logs to stderr by default, never stdout', async ({ mock }) => {
    vi.stubEnv('NIMBUS_LOG', 'info');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');

    await new Nimbus({ baseUrl: mock.url }).video.health.live();

    const written = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(written).toContain(`GET ${mock.url}/v2/health 200`);
    expect(stdout.mock.calls.map(([chunk]) => String(chunk)).join('')).not.toContain('/v2/health');
  });

  it('an unknown value is reported once per client and leaves logging off', async ({ mock }) => {
    vi.stubEnv('NIMBUS_LOG', 'loud');
    const { logger, lines } = recordingLogger();

    await new Nimbus({ baseUrl: mock.url, logger }).video.health.live();

    expect(lines).toEqual([
      expect.stringMatching(/^NIMBUS_LOG is "loud"; expected one of off, error, warn, info, debug/),
    ]);
  });
});

/** A transport that answers 200 `{}` and keeps the headers of each request. */
function headerRecorder() {
  const sent: Record<string, string>[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    sent.push({ ...(init.headers as Record<string, string>) });
    return Response.json({ data: {} });
  };
  return { fetch, sent };
}

describe('NIMBUS_API_KEY', () => {
  it('is sent as X-API-Key when neither apiKey nor accessToken is given', async ({ mock }) => {
    vi.stubEnv('NIMBUS_API_KEY', 'nk_from_env');
    const { fetch, sent } = headerRecorder();

    await new Nimbus({ baseUrl: mock.url, fetch, projectId: 'p' }).instances.retrieve('i');
    await new Nimbus({ baseUrl: mock.url, fetch, projectId: 'p', apiKey: 'nk_option' }).instances.retrieve(
      'i',
    );
    await new Nimbus({ baseUrl: mock.url, fetch, projectId: 'p', accessToken: 't' }).instances.retrieve('i');

    expect(sent.map((headers) => headers['x-api-key'])).toEqual(['nk_from_env', 'nk_option', undefined]);
  });
});

describe('NIMBUS_WEBHOOK_SECRET', () => {
  it('is the webhook secret when the webhookSecret option does not give one', async ({ mock }) => {
    vi.stubEnv('NIMBUS_WEBHOOK_SECRET', 'whsec_env');
    const body = '{}';

    const headers = await new Nimbus({ baseUrl: mock.url }).webhooks.sign(body);

    await expect(
      new Nimbus({ baseUrl: mock.url, webhookSecret: 'whsec_env' }).webhooks.verifySignature(body, headers),
    ).resolves.toBeUndefined();
    expect(new Nimbus({ baseUrl: mock.url, webhookSecret: 'whsec_option' }).webhookSecret).toBe(
      'whsec_option',
    );
  });
});
