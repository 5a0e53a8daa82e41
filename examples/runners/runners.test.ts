import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserTestsRun, chromiumPath } from '../../packages/mock-server/test/support/chromium';

// Each runner's example suite, run as its README section says, on the built packages
// (global-setup.ts builds them when stale). The vitest one is a test file of this project.
const examples = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      command,
      args,
      { cwd: examples, env: { ...process.env, ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

describe('the runner examples (examples/runners)', { timeout: 120_000 }, () => {
  it('node --test', async () => {
    const { code, output } = await run(process.execPath, [
      '--test',
      '--test-reporter=tap',
      'runners/node-test/instances.test.js',
    ]);
    expect(output).toMatch(/# pass 3\n# fail 0/);
    expect(code, output).toBe(0);
  });

  it('jest, CommonJS', async () => {
    const { code, output } = await run(bin('jest'), [
      '--ci',
      '--config',
      'runners/jest-commonjs/jest.config.js',
    ]);
    expect(output).toMatch(/Tests: +3 passed, 3 total/);
    expect(code, output).toBe(0);
  });

  it('jest, ES modules and TypeScript (ts-jest)', async () => {
    const { code, output } = await run(bin('jest'), ['--ci', '--config', 'runners/jest-esm/jest.config.js'], {
      NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
    });
    expect(output).toMatch(/Tests: +3 passed, 3 total/);
    expect(code, output).toBe(0);
  });

  it.runIf(browserTestsRun)('Playwright Test, with the system Chromium', async () => {
    const { code, output } = await run(
      bin('playwright'),
      ['test', '--config', 'runners/playwright/playwright.config.ts'],
      { CHROMIUM_PATH: chromiumPath ?? 'chromium' },
    );
    expect(output).toMatch(/3 passed/);
    expect(code, output).toBe(0);
  });
});
