import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../packages/mock-server/test/support/chromium';
import { serveBrowserExample } from './browser/serve';
import { startPlayer } from './hls-player/player';

describe.runIf(browserTestsRun)('browser examples in headless Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(() => browser?.close());

  it('msw page (examples/browser): renders data answered by the service worker, and keeps it', {
    timeout: 60_000,
  }, async () => {
    const site = await serveBrowserExample(0);
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const apiCalls: string[] = [];
    // Requests the worker answered never reach the static server, which 404s any /api or /v2 path.
    page.on('response', (response) => {
      if (/^\/(api\/v1|v2)\//.test(new URL(response.url()).pathname)) {
        apiCalls.push(`${response.status()} ${response.fromServiceWorker() ? 'worker' : 'network'}`);
      }
    });
    try {
      await page.goto(site.url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      const rows = page.locator('#instances tr');
      await expect
        .poll(() => rows.allInnerTexts())
        .toEqual(
          expect.arrayContaining([expect.stringContaining('web-1'), expect.stringContaining('worker-1')]),
        );
      expect(await page.locator('#project').textContent()).toBe('Demo');

      await page.fill('input[name=name]', 'from-the-page');
      await page.click('text=Create instance');
      await page.locator('#instances tr', { hasText: 'from-the-page' }).waitFor();
      // The form was cleared after the create, with no error shown.
      await expect.poll(() => page.inputValue('input[name=name]')).toBe('');
      expect(await page.locator('#error').textContent()).toBe('');
      // Provisioning -> running on the worker's clock (1.5 s per transition).
      await page.locator('#instances tr', { hasText: 'from-the-page' }).getByText('running').waitFor();

      // A detection over the /v2/ws/events WebSocket and its snapshot JPEG, both from the page.
      await page.locator('#camera', { hasText: 'Front door' }).waitFor();
      await page.click('text=Simulate a detection');
      const snapshot = page.locator('#detections img').first();
      await snapshot.waitFor();
      await expect
        .poll(() => snapshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320);
      expect(await page.locator('#detections li').count()).toBe(1);

      // The camera's recording, played with hls.js from playlists and segments the worker answers.
      await page.locator('#recording-status', { hasText: 'Recording loaded' }).waitFor();

      // Persisted in localStorage: a reload starts from the same state, not from the seed.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      await page.locator('#instances tr', { hasText: 'from-the-page' }).waitFor();

      expect(errors).toEqual([]);
      expect(apiCalls.length).toBeGreaterThan(3);
      expect(apiCalls.every((call) => call.endsWith('worker') && !call.startsWith('4'))).toBe(true);
    } finally {
      await context.close();
      await site.close();
    }
  });

  it("HLS player page (examples/hls-player): plays the event's recording", { timeout: 60_000 }, async () => {
    const player = await startPlayer({ env: {}, port: 0 });
    const page = await browser.newPage();
    try {
      await page.goto(player.url);
      await page.waitForFunction(
        (from) => {
          const video = document.querySelector('video')!;
          const report = (window as unknown as { report: { errors: string[] } }).report;
          return report.errors.length > 0 || video.currentTime > from + 1.5;
        },
        player.offsetSec,
        { timeout: 45_000, polling: 100 },
      );
      const state = await page.evaluate(() => ({
        currentTime: document.querySelector('video')!.currentTime,
        report: (window as unknown as { report: unknown }).report,
      }));
      expect(state.report).toEqual({ errors: [], startedAt: player.offsetSec });
      expect(state.currentTime).toBeGreaterThan(player.offsetSec + 1.5);
    } finally {
      await page.close();
      await player.close();
    }
  });
});
