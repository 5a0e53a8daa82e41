import { APIError } from '@nimbus/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, type SeededTenant, seedTenant, startMockServer } from '../../src/entries/testing';
import { startReceiver } from '../support';
import { browserTestsRun, launchChromium } from '../support/chromium';
import { cameraBody, seedVideoTenant } from '../v2/helpers';

/**
 * The dashboard in a real browser: what an app sends shows up in the page while it is open, and
 * what the page does (a fault, a clock move) changes what the app meets next.
 */
describe.runIf(browserTestsRun)('the dashboard at /__mock/ui', () => {
  let mock: MockServer;
  let tenant: SeededTenant;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // A minute per lifecycle step: an instance moves on only when the clock does.
    mock = await startMockServer({ transitionDelayMs: 60_000 });
    tenant = await seedTenant(mock);
    browser = await launchChromium();
    page = await browser.newPage();
    await page.goto(`${mock.url}/__mock/ui`);
  }, 60_000); // Chromium takes seconds to start on a loaded machine.

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  const logRow = (path: string) => page.locator('#log-rows tr.entry', { hasText: path });

  it('shows API calls in the request log as they happen, with their bodies', async () => {
    await page.goto(`${mock.url}/__mock/ui#log`);
    await tenant.client.instances.create({ name: 'logged-vm', flavor: 'small', region: 'hn' });
    const row = logRow('/api/v1/instances').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('201');

    await tenant.client.buckets.list();
    await logRow('/api/v1/buckets').waitFor();

    await row.click();
    await expect(page.locator('#log-rows tr.detail').textContent()).resolves.toContain('logged-vm');
  });

  it('filters the log by method, path and status', async () => {
    await page.selectOption('#log-filters select[name=method]', 'POST');
    await page.fill('#log-filters input[name=path]', '/api/v1/instances');
    await page.locator('#log-count', { hasText: /^1 request$/ }).waitFor();
    await expect(logRow('/api/v1/buckets').count()).resolves.toBe(0);
    await page.selectOption('#log-filters select[name=method]', '');
    await page.fill('#log-filters input[name=path]', '');
  });

  it('adds a fault that the next matching API call meets', async () => {
    await page.goto(`${mock.url}/__mock/ui#faults`);
    const form = page.locator('#fault-form');
    await form.locator('select[name=method]').selectOption('GET');
    await form.locator('input[name=path]').fill('/api/v1/instances');
    await form.locator('input[name=status]').fill('503');
    await form.locator('input[name=times]').fill('1');
    await form.locator('button[type=submit]').click();
    await page.locator('#fault-rows tr', { hasText: '/api/v1/instances' }).waitFor();

    const failed = await tenant.client.instances.list().catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(APIError);
    expect((failed as APIError).status).toBe(503);
    // Once only: the page's list lets it go, and the next call goes through.
    await page.locator('#fault-rows tr').waitFor({ state: 'detached' });
    await expect(tenant.client.instances.list()).resolves.toBeDefined();
  });

  it('lists the faults the server holds and removes one', async () => {
    await mock.client.mock.faults.create({ method: 'GET', path: '/api/v1/buckets', status: 500 });
    await page.goto(`${mock.url}/__mock/ui#faults`);
    const row = page.locator('#fault-rows tr', { hasText: '/api/v1/buckets' });
    await expect(row.textContent()).resolves.toContain('∞');
    await expect(tenant.client.buckets.list()).rejects.toMatchObject({ status: 500 });

    await row.locator('button', { hasText: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await expect(tenant.client.buckets.list()).resolves.toBeDefined();
  });

  it('advances the clock, and an instance moves on through its lifecycle', async () => {
    const vm = await tenant.client.instances.create({ name: 'clocked-vm', flavor: 'small', region: 'hn' });
    expect(vm.status).toBe('provisioning');

    await page.goto(`${mock.url}/__mock/ui#state`);
    await page.locator('details[data-table=instances] > summary').click();
    const row = page.locator(`details[data-table=instances] tr[data-id="${vm.id}"] .row-status`);
    await expect(row.textContent()).resolves.toBe('provisioning');

    await page.goto(`${mock.url}/__mock/ui#faults`);
    await page.locator('button[data-advance="60"]').click();
    await page.locator('#clock-offset', { hasText: '1 min ahead' }).waitFor();

    await page.goto(`${mock.url}/__mock/ui#state`);
    await page
      .locator(`details[data-table=instances] tr[data-id="${vm.id}"] .row-status`, {
        hasText: 'running',
      })
      .waitFor();
    await expect(tenant.client.instances.retrieve(vm.id)).resolves.toMatchObject({ status: 'running' });
  });

  it('freezes the clock and lets it run again', async () => {
    await page.goto(`${mock.url}/__mock/ui#faults`);
    await page.locator('#clock-freeze', { hasText: 'Freeze' }).click();
    await page.locator('#clock-offset', { hasText: 'frozen' }).waitFor();
    const first = await mock.client.mock.clock.retrieve();
    const second = await mock.client.mock.clock.retrieve();
    expect(first).toMatchObject({ frozen: true });
    expect(second.now).toBe(first.now);
    await page.locator('#clock-freeze', { hasText: 'Unfreeze' }).click();
    await page.locator('#clock-freeze', { hasText: /^Freeze$/ }).waitFor();
    await expect(mock.client.mock.clock.retrieve()).resolves.toMatchObject({ frozen: false });
  });

  it('publishes a /v2 camera event that the tenant then lists', async () => {
    const video = await seedVideoTenant(mock);
    const camera = await video.video.cameras.create(cameraBody({ name: 'lobby' }));
    await page.goto(`${mock.url}/__mock/ui#events`);
    const form = page.locator('#event-form');
    await form.locator(`select[name=camera_id] option[value="${camera.id}"]`).waitFor({ state: 'attached' });
    await form.locator('select[name=camera_id]').selectOption(camera.id);
    await form.locator('select[name=type]').selectOption('person');
    await form.locator('input[name=confidence]').fill('0.9');
    await form.locator('button[type=submit]').click();
    await page.locator('#event-result:not([hidden])').waitFor();

    const { data } = await video.video.events.list({ camera_id: camera.id });
    expect(data).toEqual([expect.objectContaining({ type: 'person', confidence: 0.9 })]);
  });

  it('shows a webhook delivery with the payload and the signature the receiver got', async () => {
    const receiver = await startReceiver();
    try {
      const topic = await tenant.client.topics.create({ name: 'dashboard-orders' });
      await tenant.client.topics.subscriptions.create(topic.id, {
        webhook_url: `${receiver.url}/orders`,
        event_types: '*',
      });
      await tenant.client.topics.publish(topic.id, {
        event_type: 'order.created',
        subject: '/orders/41',
        data: { total: 41 },
      });
      await page.goto(`${mock.url}/__mock/ui#webhooks`);
      const row = page.locator('#webhook-rows tr.entry', { hasText: 'order.created' });
      await row.waitFor();
      await row.click();
      const detail = page.locator('#webhook-rows tr.detail');
      await expect(detail.textContent()).resolves.toContain('/orders/41');
      const [sent] = receiver.at('/orders');
      await expect(detail.textContent()).resolves.toContain(String(sent!.headers['x-nimbus-signature']));
    } finally {
      await receiver.close();
    }
  });
});

describe.runIf(browserTestsRun)('the dashboard of a server with a control token', () => {
  const controlToken = 'dashboard-test-token-0123456789abcdef';
  let mock: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startMockServer({ controlToken });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('opens with ?token= and sends the token on its own requests', async () => {
    const page = await browser.newPage();
    const answer = await page.goto(`${mock.url}/__mock/ui?token=${controlToken}#log`);
    expect(answer?.status()).toBe(200);
    await mock.client.mock.clock.retrieve();
    const { client } = await seedTenant(mock);
    await client.projects.list();
    await page.locator('#log-rows tr.entry', { hasText: '/api/v1/projects' }).first().waitFor();
    await expect(page.locator('#status').textContent()).resolves.toBe('');
  });

  it('takes ?token= out of the address bar and the history once it holds the token', async () => {
    const page = await browser.newPage();
    await page.goto(`${mock.url}/__mock/ui?view=wide&token=${controlToken}#log`);
    await page.locator('#log-count').waitFor();
    // The entry was replaced, not followed by another: going back leaves the page.
    expect(page.url()).toBe(`${mock.url}/__mock/ui?view=wide#log`);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).toBe(`${mock.url}/__mock/ui?view=wide#log`);
    await page.goto(`${mock.url}/__mock/ui?token=${controlToken}#log`);
    // The page still sends the token on its own requests.
    await mock.client.mock.clock.retrieve();
    const { client } = await seedTenant(mock);
    await client.projects.list();
    await page.locator('#log-rows tr.entry', { hasText: '/api/v1/projects' }).first().waitFor();
    await expect(page.locator('#status').textContent()).resolves.toBe('');
  });
});
