import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../mock-server/src/entries/testing';
import { type Cli, cliFor } from './helpers';

describe('nimbus mock ui', () => {
  let mock: MockServer;
  let cli: Cli;

  beforeAll(async () => {
    mock = await startMockServer();
    cli = await cliFor(mock);
  });

  afterAll(() => mock?.close());

  it('prints the URL of the dashboard, and opens nothing off a terminal', async () => {
    const result = await cli.run('mock', 'ui');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${mock.url}/__mock/ui\n`);
    expect(result.stderr).not.toContain('Opened');
  });
});

describe('nimbus mock ui on a server with a control token', () => {
  const controlToken = 'cli-dashboard-token-0123456789abcdef';
  let mock: MockServer;
  let cli: Cli;

  beforeAll(async () => {
    mock = await startMockServer({ controlToken });
    cli = await cliFor(mock);
  });

  afterAll(() => mock?.close());

  it('says where the token goes without printing it', async () => {
    const result = await cli.run('mock', 'ui', '--control-token', controlToken);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${mock.url}/__mock/ui?token=<control token>\n`);
    expect(result.stdout + result.stderr).not.toContain(controlToken);
  });

  it('fails without the token, before any browser would show a refusal', async () => {
    const result = await cli.run('mock', 'ui');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('control token');
  });
});
