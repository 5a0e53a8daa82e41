import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/entries/testing';
import { browserTestsRun, launchChromium } from './support/chromium';

/** axe-core's browser script, injected into the page under test. */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const FIRST_OPERATION = 'Create an instance (provisioning -> running)';

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[] }[];
}

/** The reference page at /docs in a real browser, as a frontend developer uses it. */
describe.runIf(browserTestsRun)('the API reference at /docs', () => {
  let mock: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startMockServer({ seed: true });
    browser = await launchChromium();
  }, 60_000); // Chromium takes seconds to start on a loaded machine.

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  /** An operation's block on the page, by method and path. */
  const operationOf = (page: Page, method: string, path: string) =>
    page.locator(`.opblock-${method}`, { has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

  /** Opens an operation, presses "Try it out" and "Execute", and answers the call's status. */
  async function execute(page: Page, method: string, path: string): Promise<number> {
    const operation = operationOf(page, method, path);
    await operation.locator('.opblock-summary-control').click();
    await operation.locator('button.try-out__btn').click();
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path);
    await operation.locator('button.execute').click();
    const response = await answered;
    await operation.locator('.live-responses-table').waitFor();
    return response.status();
  }

  it('has no serious or critical axe findings, on either document and on a section', async () => {
    // The page's policy allows only its own scripts: axe is injected with the policy bypassed.
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      for (const [query, shown] of [
        ['', FIRST_OPERATION],
        ['?tags=network,dns', 'Create a VPC'],
        ['?api=v2', "List the tenant's cameras"],
      ] as const) {
        await page.goto(`${mock.url}/docs${query}`);
        await page.getByText(shown).first().waitFor();
        await page.addScriptTag({ content: AXE_SOURCE });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
          return (await axe.run()).violations;
        });
        const grave = violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
        expect(grave, query || '?api=v1').toEqual([]);
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('"Try it out" with one login calls a project route, one in another section and a /v2 route, and keeps it across reloads', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${mock.url}/docs`);
      await page.getByText(FIRST_OPERATION).first().waitFor();
      // The login example signs in as the demo user: the page keeps the token and the project.
      expect(await execute(page, 'post', '/api/v1/auth/login')).toBe(200);
      await expect.poll(() => page.inputValue('#nimbus-project')).toBe(mock.server.demo!.projectId);
      expect(await execute(page, 'get', '/api/v1/instances')).toBe(200);
      await expect(operationOf(page, 'get', '/api/v1/instances').textContent()).resolves.toContain('web-1');

      // Another section, by its link: a document of its own, the same sign-in.
      const network = page.getByRole('link', { name: 'network', exact: true });
      await network.click();
      await page.waitForURL(/\?tags=network$/);
      await page.getByText('Create a VPC').first().waitFor();
      expect(await network.getAttribute('aria-current')).toBe('page');
      expect(await page.getByText(FIRST_OPERATION).count()).toBe(0);
      expect(await execute(page, 'get', '/api/v1/vpcs')).toBe(200);

      // The other document, after a reload: a workload token is fetched for the /v2 call.
      await page.goto(`${mock.url}/docs?api=v2`);
      await page.getByText("List the tenant's cameras").first().waitFor();
      expect(await execute(page, 'get', '/v2/api/cameras')).toBe(200);
      await expect(operationOf(page, 'get', '/v2/api/cameras').textContent()).resolves.toContain(
        'Front door',
      );
    } finally {
      await context.close();
    }
  }, 120_000);
});
