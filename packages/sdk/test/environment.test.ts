import { type MockServer, startMockServer } from '@nimbus/mock-server/testing';
import { type Logger, Nimbus, NimbusError } from '@nimbus/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// NIMBUS_BASE_URL and NIMBUS_LOG, read by the Node entry when the options do not say.

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());
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
  it('is the base URL when none is given', async () => {
    vi.stubEnv('NIMBUS_BASE_URL', mock.url);

    const client = new Nimbus();

    expect(client.baseUrl).toBe(mock.url);
    await expect(client.video.health()).resolves.toMatchObject({ status: 'ok' });
  });

  it('gives way to the baseUrl option', () => {
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
  it('sets the level when the logLevel option does not', async () => {
    vi.stubEnv('NIMBUS_LOG', 'info');
    const { logger, lines } = recordingLogger();

    await new Nimbus({ baseUrl: mock.url, logger }).video.health();
    await new Nimbus({ baseUrl: mock.url, logger, logLevel: 'off' }).video.health();

    expect(lines).toEqual([`GET ${mock.url}/v2/health 200`]);
  });

  it('logs to stderr by default, never stdout', async () => {
    vi.stubEnv('NIMBUS_LOG', 'info');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(process.stdout, 'write');

    await new Nimbus({ baseUrl: mock.url }).video.health();

    const written = stderr.mock.calls.map(([chunk]) => String(chunk)).join('');
    expect(written).toContain(`GET ${mock.url}/v2/health 200`);
    expect(stdout.mock.calls.map(([chunk]) => String(chunk)).join('')).not.toContain('/v2/health');
  });

  it('an unknown value is reported once per client and leaves logging off', async () => {
    vi.stubEnv('NIMBUS_LOG', 'loud');
    const { logger, lines } = recordingLogger();

    await new Nimbus({ baseUrl: mock.url, logger }).video.health();

    expect(lines).toEqual([
      expect.stringMatching(/^NIMBUS_LOG is "loud"; expected one of off, error, warn, info, debug/),
    ]);
  });
});
