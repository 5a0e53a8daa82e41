import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type RunningServer } from '../../src';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { browserTestsRun, launchChromium } from '../support/chromium';

/** The log of a proxy (`nimbus mock proxy`): its "divergent" filter keeps the rows that differ from the contract. */
describe.runIf(browserTestsRun)('the dashboard of a proxy', () => {
  let reference: MockServer;
  let proxy: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    reference = await startMockServer();
    proxy = await createServer({ port: 0, inMemory: true, proxyTarget: reference.url });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.close();
    await reference?.close();
  });

  it('shows only divergent rows with the filter on, each with what differs', async () => {
    // Two faithful exchanges and one no contract route takes.
    await fetch(`${proxy.url}/api/v1/service-status`);
    await fetch(`${proxy.url}/v2/health`);
    await fetch(`${proxy.url}/api/v1/not-a-route`);
    const page = await browser.newPage();
    await page.goto(`${proxy.url}/__mock/ui#log`);
    await page.locator('#log-count', { hasText: /^3 requests$/ }).waitFor();

    await page.check('#log-filters input[name=divergent]');
    await page.locator('#log-count', { hasText: /^1 request$/ }).waitFor();
    const rows = page.locator('#log-rows tr.entry');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('/api/v1/not-a-route');
    await rows.first().click();
    await expect(page.locator('#log-rows tr.detail table.divergences').textContent()).resolves.toContain(
      'unknown-route',
    );

    await page.uncheck('#log-filters input[name=divergent]');
    await page.locator('#log-count', { hasText: /^3 requests$/ }).waitFor();
  });
});
