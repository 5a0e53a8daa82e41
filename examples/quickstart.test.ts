import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@nimbus/mock-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickstart } from './quickstart';

const here = fileURLToPath(new URL('.', import.meta.url));

describe('quick start (examples/quickstart.ts)', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ seed: true }); // what `npm start` serves: the demo user
  });
  afterAll(() => mock.close());

  it('runs with one command, starting a server of its own when NIMBUS_BASE_URL is unset', {
    timeout: 60_000,
  }, async () => {
    const { NIMBUS_BASE_URL: _unset, ...env } = process.env;
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        'npm',
        ['run', '--silent', 'quickstart'],
        { cwd: here, env, timeout: 40_000 },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    });
    expect(output).toMatch(/^server: http:\/\/127\.0\.0\.1:\d+$/m);
    expect(output).toContain('instance: web-1 is running');
    expect(output).toMatch(/^instances in quickstart-\w+: web-1$/m);
  });

  it('uses the server of NIMBUS_BASE_URL when set', async () => {
    const lines: string[] = [];
    const result = await quickstart({ NIMBUS_BASE_URL: mock.url }, (line) => lines.push(line));
    expect(lines[0]).toBe(`server: ${mock.url}`);
    expect(result.names).toEqual(['web-1']);
    // The project and VM are on that server.
    const owner = mock.createClient();
    await owner.auth.login({ email: 'demo@nimbus.dev', password: 'nimbus-demo-123' });
    const vm = await owner.withProject(result.projectId).instances.retrieve(result.instanceId);
    expect(vm.status).toBe('running');
  });
});
