import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/entries/testing';
import { browserTestsRun, launchChromium } from '../support/chromium';
import { type Recordings, recordTwoHours } from './recording-fixture';

const HLS_JS = fileURLToPath(new URL('../../../../node_modules/hls.js/dist/hls.min.js', import.meta.url));

/** The player page: hls.js loads the playlist, seeks to the event and plays, reporting progress. */
const PAGE = `<!doctype html>
<html><body>
<video id="v" muted playsinline></video>
<script src="/hls.min.js"></script>
<script>
  const params = new URLSearchParams(location.search);
  const video = document.getElementById('v');
  window.report = { errors: [], seekedTo: null };
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) window.report.errors.push(data.type + ':' + data.details); });
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    video.currentTime = Number(params.get('offset'));
    window.report.seekedTo = video.currentTime;
    video.play().catch((e) => window.report.errors.push('play:' + e.message));
  });
  hls.loadSource(params.get('src'));
  hls.attachMedia(video);
</script>
</body></html>`;

describe.runIf(browserTestsRun)('an HLS playlist in headless Chromium', () => {
  let mock: MockServer;
  let rec: Recordings;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startMockServer();
    rec = await recordTwoHours(mock);
    const script = await readFile(HLS_JS);
    // Another origin than the API, as a web app's dev server would be: CORS is part of the test.
    site = createServer((req, res) => {
      if (req.url?.startsWith('/hls.min.js'))
        res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await mock?.close();
  });

  it("seeks to an event's offset and plays from there", { timeout: 60_000 }, async () => {
    const target = await rec.tenant.video.playback.forEvent(rec.early.id);
    const src = rec.tenant.video.playback.playlistUrl(target);
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const start = target.offset_sec;
    await page.goto(`${siteUrl}/?src=${encodeURIComponent(src)}&offset=${start}`);
    await page.waitForFunction(
      (from) => {
        const video = document.querySelector('video')!;
        const report = (window as unknown as { report: { errors: string[] } }).report;
        return report.errors.length > 0 || video.currentTime > from + 1.5;
      },
      start,
      { timeout: 45_000, polling: 100 },
    );
    const state = await page.evaluate(() => {
      const video = document.querySelector('video')!;
      return { currentTime: video.currentTime, report: (window as unknown as { report: unknown }).report };
    });
    expect(consoleErrors).toEqual([]);
    expect(state.report).toMatchObject({ errors: [], seekedTo: start });
    expect(state.currentTime).toBeGreaterThan(start + 1.5);
    await page.close();
  });
});
