// The /docs route and the OpenAPI documents: bytes on the wire per encoding, the first (cold)
// and the repeated (warm) download, a 304 revalidation, and with Chromium the time the page
// takes to show its first operation. Run `npm run build -w @nimbus/sdk -w @nimbus/mock-server`
// first, then `node bench/docs.mjs`.
import { execFileSync } from 'node:child_process';
import { request } from 'undici';
import { benchFile, median, round, startServer, table } from './lib.mjs';

const REPEATS = Number(process.env.BENCH_DOCS_REPEATS ?? 20);

/** One GET, body read whole: status, bytes received and milliseconds. */
async function get(url, headers = {}) {
  const started = performance.now();
  const answer = await request(url, { headers });
  const bytes = (await answer.body.arrayBuffer()).byteLength;
  return { status: answer.statusCode, bytes, ms: performance.now() - started, etag: answer.headers.etag };
}

const server = await startServer(benchFile('servers/nimbus.mjs'), { BENCH_EMPTY: '1' });
const rows = [];
try {
  for (const [name, path] of [
    ['v1 document', '/api/v1/openapi.json'],
    ['v2 document', '/v2/openapi.json'],
    ['swagger-ui-bundle.js', '/docs/assets/swagger-ui-bundle.js'],
  ]) {
    const url = `${server.url}${path}`;
    for (const encoding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': encoding };
      const cold = await get(url, headers);
      const warm = [];
      for (let i = 0; i < REPEATS; i++) warm.push((await get(url, headers)).ms);
      const revalidate = [];
      for (let i = 0; i < REPEATS; i++) {
        const answer = await get(url, { ...headers, 'if-none-match': cold.etag });
        if (answer.status !== 304) throw new Error(`${path}: ${answer.status} to If-None-Match`);
        revalidate.push(answer.ms);
      }
      rows.push({
        file: name,
        encoding,
        'KB sent': round(cold.bytes / 1024),
        'first ms': round(cold.ms),
        'warm ms (median)': round(median(warm)),
        '304 ms (median)': round(median(revalidate)),
      });
    }
  }
  console.log(table(rows));
  const render = await firstRender(server.url);
  if (render)
    console.log(`\n/docs in headless Chromium: first operation shown after ${render} ms (median of 3)`);
} finally {
  await server.stop();
}

/** Milliseconds from navigation to the first operation of an open tag, or undefined without Chromium. */
async function firstRender(url) {
  let executablePath;
  try {
    executablePath = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] });
  try {
    const times = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      const started = performance.now();
      await page.goto(`${url}/docs`);
      await page
        .getByText('Create an instance (provisioning -> running)')
        .first()
        .waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
      await page.close();
    }
    return round(median(times), 0);
  } finally {
    await browser.close();
  }
}
