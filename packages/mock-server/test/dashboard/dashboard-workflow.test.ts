import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { startReceiver } from '../support';
import { browserTestsRun, launchChromium } from '../support/chromium';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/**
 * The dashboard with a full log and the controls a developer reaches for: it asks only for what
 * is new, says how much the server keeps, opens rows from the keyboard, passes axe on every view,
 * and resets, exports, imports, clears, copies and adds any fault the faults API takes.
 */
describe.runIf(browserTestsRun)('the dashboard under a full log', () => {
  const JOURNAL_SIZE = 250;
  let mock: MockServer;
  let tenant: SeededTenant;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every URL the page asked the journal for. */
  const journalAsks: string[] = [];

  beforeAll(async () => {
    mock = await startMockServer({ journalSize: JOURNAL_SIZE });
    tenant = await seedTenant(mock);
    for (let i = 0; i < JOURNAL_SIZE + 50; i++) await fetch(`${mock.url}/v2/health?n=${i}`);
    browser = await launchChromium();
    // axe is injected as a script of its own, which the page's CSP would refuse.
    context = await browser.newContext({ bypassCSP: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: mock.url });
    page = await context.newPage();
    page.on('request', (request) => {
      if (request.url().includes('/__mock/requests')) journalAsks.push(request.url());
    });
    await page.goto(`${mock.url}/__mock/ui#log`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  const logRows = () => page.locator('#log-rows tr.entry');

  it('asks for the whole log once, then only for newer requests', async () => {
    await page.locator('#log-count', { hasText: `of ${JOURNAL_SIZE} matching` }).waitFor();
    await tenant.client.instances.create({ name: 'after-cursor', flavor: 'small', region: 'hn' });
    await page.locator('#log-rows tr.entry', { hasText: '/api/v1/instances' }).first().waitFor();
    expect(journalAsks[0]).toBe(`${mock.url}/__mock/requests?limit=1000`);
    expect(journalAsks.length).toBeGreaterThan(1);
    for (const url of journalAsks.slice(1)) {
      expect(url).toMatch(/\/__mock\/requests\?limit=1000&after=[0-9a-f-]{36}$/);
    }
    // The newest request is on top, and the oldest drawn one left the bottom.
    await expect(logRows().first().textContent()).resolves.toContain('/api/v1/instances');
    await expect(logRows().count()).resolves.toBe(200);
  });

  it('says how many requests the server keeps and how to change it', async () => {
    const cap = await page.locator('#log-cap').textContent();
    expect(cap).toContain(`keeps the last ${JOURNAL_SIZE} requests`);
    expect(cap).toContain('journalSize');
    await expect(page.locator('#log-count').textContent()).resolves.toBe(
      `Newest 200 of ${JOURNAL_SIZE} matching requests shown`,
    );
  });

  it('filters by status and searches inside bodies', async () => {
    await page.fill('#log-filters input[name=search]', 'after-cursor');
    await page.locator('#log-count', { hasText: /^1 request$/ }).waitFor();
    await page.fill('#log-filters input[name=search]', '');
    await page.fill('#log-filters input[name=status]', '201');
    await page.locator('#log-count', { hasText: /^1 request$/ }).waitFor();
    await page.fill('#log-filters input[name=status]', '');
    await page.locator('#log-count', { hasText: 'Newest 200' }).waitFor();
  });

  it('opens and closes a request with Enter and Space, with a visible focus', async () => {
    const row = logRows().first();
    await row.focus();
    const outline = await row.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(row.getAttribute('data-open')).resolves.toBe('true');
    await page.locator('#log-rows tr.detail').waitFor();
    await page.keyboard.press(' ');
    await expect(row.getAttribute('data-open')).resolves.toBe('false');
    await expect(page.locator('#log-rows tr.detail').count()).resolves.toBe(0);
  });

  it('copies a request as curl with its credentials still redacted', async () => {
    const row = page.locator('#log-rows tr.entry', { hasText: '/api/v1/instances' }).first();
    await row.click();
    await page.locator('#log-rows tr.detail button', { hasText: 'Copy as curl' }).click();
    await page.locator('#log-rows tr.detail', { hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`curl -X POST '${mock.url}/api/v1/instances'`);
    expect(copied).toContain("-H 'authorization: [redacted]'");
    expect(copied).toContain('"name":"after-cursor"');
    await row.click();
  });

  it('shows the closest answered requests for one no route took', async () => {
    await fetch(`${mock.url}/api/v1/instancez`, { headers: { authorization: 'Bearer x' } });
    const row = page.locator('#log-rows tr.entry', { hasText: '/api/v1/instancez' }).first();
    await expect(row.textContent()).resolves.toContain('404');
    await row.click();
    // The create shares three leading segments; the health checks share the method only.
    const closest = page.locator('#log-rows tr.detail .near-misses li').first();
    await expect(closest.textContent()).resolves.toBe('POST /api/v1/instances → 201');
    await row.click();
  });

  it('has no serious or critical axe findings on any view', async () => {
    await page.addScriptTag({ path: axePath });
    const found: Record<string, string[]> = {};
    for (const view of ['log', 'state', 'faults', 'webhooks', 'events']) {
      await page.goto(`${mock.url}/__mock/ui#${view}`);
      await page.locator(`#${view}:not([hidden])`).waitFor();
      // A view with an open row too: its detail is part of the view.
      const row = page.locator(`#${view} tr.entry`).first();
      if (view !== 'state' && (await row.count()) > 0) await row.click();
      const violations = await page.evaluate(
        async () =>
          (await (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe.run())
            .violations,
      );
      found[view] = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
    }
    expect(found).toEqual({ log: [], state: [], faults: [], webhooks: [], events: [] });
  });

  it('adds a fault with every condition and effect, refuses a path without a slash, and lists the conditions', async () => {
    await page.goto(`${mock.url}/__mock/ui#faults`);
    const form = page.locator('#fault-form');
    await form.locator('input[name=path]').fill('api/v1/instances');
    await form.locator('button[type=submit]').click();
    await page.locator('#status', { hasText: 'Path must start with /' }).waitFor();

    await form.locator('select[name=method]').selectOption('GET');
    await form.locator('input[name=path]').fill('/api/v1/instances');
    await form.locator('textarea[name=query]').fill('page=2');
    await form.locator('textarea[name=headers]').fill('X-Canary: yes');
    await form.locator('input[name=status]').fill('429');
    await form.locator('input[name=code]').fill('RATE_LIMITED');
    await form.locator('input[name=message]').fill('Slow down');
    await form.locator('input[name=probability]').fill('50');
    await form.locator('input[name=seed]').fill('7');
    await form.locator('input[name=times]').fill('3');
    await form.locator('input[name=delay_ms]').fill('5');
    await form.locator('button[type=submit]').click();
    const row = page.locator('#fault-rows tr', { hasText: 'X-Canary' });
    await row.waitFor();
    const text = await row.textContent();
    for (const part of [
      '?page=2',
      'X-Canary: yes',
      '50 % of requests',
      'seed 7',
      '429 RATE_LIMITED',
      'Slow down',
    ]) {
      expect(text).toContain(part);
    }
    const { data } = await mock.client.mock.faults.list();
    expect(data).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1/instances',
        query: { page: '2' },
        headers: { 'X-Canary': 'yes' },
        status: 429,
        code: 'RATE_LIMITED',
        message: 'Slow down',
        probability: 0.5,
        seed: 7,
        delay_ms: 5,
        remaining: 3,
      }),
    ]);

    await form.locator('input[name=path]').fill('/api/v1/buckets');
    for (const name of ['query', 'headers']) await form.locator(`textarea[name=${name}]`).fill('');
    for (const name of ['status', 'code', 'message', 'probability', 'seed', 'times', 'delay_ms']) {
      await form.locator(`input[name=${name}]`).fill('');
    }
    await form.locator('input[name=drop_connection]').check();
    await form.locator('button[type=submit]').click();
    await page.locator('#fault-rows tr', { hasText: 'drops the connection' }).waitFor();
    await mock.client.mock.faults.clear();
  });

  it('names the subscription a webhook delivery was for', async () => {
    const receiver = await startReceiver();
    try {
      const topic = await tenant.client.topics.create({ name: 'dashboard-workflow' });
      const subscription = await tenant.client.topics.subscriptions.create(topic.id, {
        webhook_url: `${receiver.url}/hook`,
        event_types: '*',
      });
      await tenant.client.topics.publish(topic.id, { event_type: 'order.paid', subject: '/o/1', data: {} });
      await page.goto(`${mock.url}/__mock/ui#webhooks`);
      const row = page.locator('#webhook-rows tr.entry', { hasText: 'order.paid' });
      await expect(row.textContent()).resolves.toContain(subscription.id);
    } finally {
      await receiver.close();
    }
  });

  it('reads the state when its view opens and on Refresh, not every second', async () => {
    const stateAsks: string[] = [];
    const count = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/__mock/state') stateAsks.push(request.url());
    };
    page.on('request', count);
    try {
      await page.goto(`${mock.url}/__mock/ui#state`);
      await page.locator('#state-loaded', { hasText: 'Loaded at' }).waitFor();
      // Three polls of the open view go by (the clock is asked for each time).
      for (let i = 0; i < 3; i++)
        await page.waitForRequest((request) => request.url().endsWith('/__mock/clock'));
      expect(stateAsks).toHaveLength(1);
      await page.click('#state-refresh');
      await expect.poll(() => stateAsks.length).toBe(2);
    } finally {
      page.off('request', count);
    }
  });

  it('exports, resets and imports the state, and clears the log alone', async () => {
    await page.goto(`${mock.url}/__mock/ui#state`);
    await page.locator('#state-tables details[data-table=instances]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#state-export')]);
    const exported = await download.path();

    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#state-reset');
    await page.locator('#state-tables details[data-table=instances]').waitFor({ state: 'detached' });
    expect((await mock.client.mock.requests.list()).data).toEqual([]);

    await page.setInputFiles('#state-import', exported);
    await page.locator('#state-tables details[data-table=instances]').waitFor();
    await expect(tenant.client.instances.list()).resolves.toMatchObject({ data: [expect.anything()] });

    await page.goto(`${mock.url}/__mock/ui#log`);
    await page.locator('#log-rows tr.entry').first().waitFor();
    await page.click('#log-clear');
    await page.locator('#log-empty:not([hidden])').waitFor();
    expect((await mock.client.mock.requests.list()).data).toEqual([]);
    await expect(tenant.client.instances.list()).resolves.toMatchObject({ data: [expect.anything()] });
  });
});
