// The /__mock/ui dashboard with 10,000 journaled requests, in headless Chromium: what the page
// downloads at first and per second while idle, the long tasks of its main thread (over 50 ms),
// and how long a row takes to open and a filter to apply, each until the next frame is painted.
// Run `npm run build -w @nimbus/sdk -w @nimbus/mock-server` first, then `node bench/dashboard.mjs`.
// BENCH_DASHBOARD_IDLE_S: seconds of idle watching (default 10).
import { createServer } from '@nimbus/mock-server';
import { Nimbus } from '@nimbus/sdk';
import { chromium } from 'playwright-core';
import { Agent, request } from 'undici';
import { median, round, table } from './lib.mjs';

const JOURNALED = 10_000;
const IDLE_S = Number(process.env.BENCH_DASHBOARD_IDLE_S ?? 10);

const server = await createServer({ port: 0, inMemory: true, watch: false, journalSize: JOURNALED });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await fill(server.url);
  const journal = await (await fetch(`${server.url}/__mock/requests`)).json();
  const wholeMb = new TextEncoder().encode(JSON.stringify(journal)).byteLength / 2 ** 20;
  console.log(
    `journal: ${journal.items.length} requests kept of journal_size ${journal.journal_size}, ${round(wholeMb, 2)} MB as JSON`,
  );

  const page = await browser.newPage();
  // Long tasks from the first script on; the page's CSP does not apply to what DevTools adds.
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries())
        window.longTasks.push({ start: task.startTime, ms: task.duration });
    }).observe({ type: 'longtask', buffered: true });
    /** Milliseconds from an action to the frame after it is painted. */
    window.timed = (action) =>
      new Promise((resolve) => {
        const start = performance.now();
        action();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
      });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let received = 0;
  cdp.on('Network.loadingFinished', (event) => {
    received += event.encodedDataLength;
  });
  const polls = [];
  page.on('requestfinished', async (req) => {
    if (!req.url().includes('after=')) return;
    const sizes = await req.sizes().catch(() => null);
    if (sizes) polls.push(sizes.responseBodySize + sizes.responseHeadersSize);
  });

  const started = performance.now();
  await page.goto(`${server.url}/__mock/ui#log`);
  await page.locator('#log-count', { hasText: /^Newest 200 of \d+/ }).waitFor({ timeout: 120_000 });
  const firstLoadMs = performance.now() - started;
  const firstLoadKb = received / 1024;
  const loadTasks = await page.evaluate(() => window.longTasks.splice(0));

  received = 0;
  polls.length = 0;
  await page.waitForTimeout(IDLE_S * 1000);
  const idleKbPerS = received / 1024 / IDLE_S;
  const idleTasks = await page.evaluate(() => window.longTasks.splice(0));

  const openMs = [];
  for (let i = 0; i < 10; i++) {
    openMs.push(
      await page.evaluate(
        (index) => timed(() => document.querySelectorAll('#log-rows tr.entry')[index].click()),
        i * 7,
      ),
    );
    // and closed again, as a reader does
    await page.evaluate((index) => document.querySelectorAll('#log-rows tr.entry')[index].click(), i * 7);
  }
  const filters = [
    ['status 404', 'status', '404'],
    ['status cleared', 'status', ''],
    ['method POST', 'method', 'POST'],
    ['method cleared', 'method', ''],
    ['path /api/v1/instances*', 'path', '/api/v1/instances*'],
    ['path cleared', 'path', ''],
    ['body search, first (texts made)', 'search', 'bench-vm-77'],
    ['body search, again', 'search', 'bench-vm-4'],
    ['body search cleared', 'search', ''],
  ];
  const filterRows = [];
  for (const [name, field, value] of filters) {
    const ms = await page.evaluate(
      ([field, value]) =>
        timed(() => {
          const input = document.getElementById('log-filters').elements[field];
          input.value = value;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }),
      [field, value],
    );
    filterRows.push({
      filter: name,
      'ms to painted': round(ms),
      shown: await page.locator('#log-count').textContent(),
    });
  }
  const actionTasks = await page.evaluate(() => window.longTasks.splice(0));

  console.log(
    table([
      {
        figure: 'first load (navigation to 200 rows drawn)',
        value: `${round(firstLoadMs)} ms, ${round(firstLoadKb)} KB received`,
      },
      { figure: 'long tasks during the first load', value: describeTasks(loadTasks) },
      {
        figure: `idle, ${IDLE_S} s: received`,
        value: `${round(idleKbPerS, 2)} KB/s (${polls.length} polls, ${polls.length ? round(median(polls)) : 0} B each, median)`,
      },
      { figure: 'long tasks while idle', value: describeTasks(idleTasks) },
      {
        figure: 'open a row (10 rows), to painted',
        value: `median ${round(median(openMs))} ms, max ${round(Math.max(...openMs))} ms`,
      },
      { figure: 'long tasks while opening rows and filtering', value: describeTasks(actionTasks) },
    ]),
  );
  console.log(table(filterRows));
} finally {
  await browser.close();
  await server.close();
}

function describeTasks(tasks) {
  if (tasks.length === 0) return 'none';
  return `${tasks.length}, longest ${round(Math.max(...tasks.map((task) => task.ms)))} ms`;
}

/** 10,000 journaled requests as an app makes them: creates, reads, lists of one page, health checks and 404s. */
async function fill(url) {
  const client = new Nimbus({ baseUrl: url });
  await client.auth.register({ email: 'dash@example.com', password: 'bench-password', full_name: 'Bench' });
  const login = await client.auth.login({ email: 'dash@example.com', password: 'bench-password' });
  const projectId = (await client.projects.create({ name: 'dashboard' })).id;
  await client.mock.quotas.update(projectId, { limits: { instances: 100_000 } });
  const headers = {
    authorization: `Bearer ${login.access_token}`,
    'x-project-id': projectId,
    'content-type': 'application/json',
  };
  const dispatcher = new Agent({ connections: 16 });
  const ids = [];
  const call = async (method, path, body) => {
    const answer = await request(`${url}${path}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
      dispatcher,
    });
    const text = await answer.body.text();
    return answer.statusCode === 201 ? JSON.parse(text) : null;
  };
  let sent = 4;
  const kinds = (i) =>
    i % 10 === 0 ? 'create' : i % 10 < 5 ? 'retrieve' : i % 10 < 9 ? 'health' : 'missing';
  for (let start = 0; sent < JOURNALED; start += 50) {
    const batch = [];
    for (let i = start; i < start + 50 && sent < JOURNALED; i++, sent++) {
      const kind = kinds(i);
      if (kind === 'create' || ids.length === 0) {
        batch.push(
          call('POST', '/api/v1/instances', { name: `bench-vm-${i}`, flavor: 'small', region: 'hn' }).then(
            (vm) => vm && ids.push(vm.id),
          ),
        );
      } else if (kind === 'retrieve') batch.push(call('GET', `/api/v1/instances/${ids[i % ids.length]}`));
      else if (kind === 'health') batch.push(call('GET', `/v2/health?n=${i}`));
      else batch.push(call('GET', `/api/v1/instancez/${i}`));
    }
    await Promise.all(batch);
  }
  await dispatcher.close();
}
