// The API reference renderers side by side in headless Chromium, on the cloud document of the
// reference server: Swagger UI (what /docs serves), Redoc, Scalar and Stoplight Elements. For each,
// the time from navigation to the first operation shown, and the bytes the page received
// (decoded). The other renderers are not dependencies of the project: install them into a
// directory of their own and name it, e.g.
//   npm install --prefix /tmp/docs-renderers redoc@2 @scalar/api-reference @stoplight/elements
//   BENCH_RENDERERS_DIR=/tmp/docs-renderers node bench/docs-renderers.mjs [runs]
// after `npm run build -w @nimbus/sdk -w @nimbus/mock-server`. Without BENCH_RENDERERS_DIR only
// Swagger UI is measured. Pages are served from another loopback port, which the server's CORS
// allows, and read the document from the server.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { benchFile, median, round, startServer, table } from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const RENDERERS_DIR = process.env.BENCH_RENDERERS_DIR;
/** The summary of instances.create: in the first tag Swagger UI opens, and a sidebar entry elsewhere. */
const FIRST_OPERATION = 'Create an instance (provisioning -> running)';

/** Each renderer's page and the files it loads, relative to BENCH_RENDERERS_DIR/node_modules. */
const RENDERERS = {
  redoc: {
    files: { 'redoc.js': 'redoc/bundles/redoc.standalone.js' },
    page: (spec) => `<redoc spec-url="${spec}"></redoc><script src="/redoc.js"></script>`,
  },
  scalar: {
    files: { 'scalar.js': '@scalar/api-reference/dist/browser/standalone.js' },
    page: (spec) =>
      `<script id="api-reference" data-url="${spec}"></script><script src="/scalar.js"></script>`,
  },
  'stoplight-elements': {
    files: {
      'elements.js': '@stoplight/elements/web-components.min.js',
      'elements.css': '@stoplight/elements/styles.min.css',
    },
    page: (spec) =>
      `<link rel="stylesheet" href="/elements.css"><script src="/elements.js"></script>` +
      `<elements-api apiDescriptionUrl="${spec}" router="hash" layout="sidebar"></elements-api>`,
  },
};

/** A page server for the other renderers: the page at /<name>, its files beside it. */
async function servePages(specUrl) {
  const files = new Map();
  for (const renderer of Object.values(RENDERERS)) {
    for (const [name, path] of Object.entries(renderer.files)) {
      files.set(`/${name}`, await readFile(join(RENDERERS_DIR, 'node_modules', path)));
    }
  }
  const server = createServer((req, res) => {
    const renderer = RENDERERS[req.url.slice(1)];
    if (renderer) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><meta charset="utf-8"><body>${renderer.page(specUrl)}</body></html>`,
      );
      return;
    }
    const file = files.get(req.url);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const type = req.url.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'content-type': type }).end(file);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Milliseconds to the first operation and bytes received, one fresh page (no cache) per run. */
async function measure(browser, url) {
  const times = [];
  const bytes = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let received = 0;
    page.on('response', async (response) => {
      received += (await response.body().catch(() => Buffer.alloc(0))).byteLength;
    });
    const started = performance.now();
    await page.goto(url);
    // Any visible copy: a renderer may also have it in a collapsed sidebar group.
    await page.getByText(FIRST_OPERATION).filter({ visible: true }).first().waitFor({ timeout: 120_000 });
    times.push(performance.now() - started);
    await page.waitForLoadState('networkidle');
    bytes.push(received);
    await context.close();
  }
  return {
    ms: round(median(times), 0),
    all: times.map((t) => round(t, 0)).join(', '),
    kb: round(median(bytes) / 1024, 0),
  };
}

const server = await startServer(benchFile('servers/nimbus.mjs'), { BENCH_EMPTY: '1' });
const browser = await chromium.launch({
  executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const pages = RENDERERS_DIR ? await servePages(`${server.url}/api/v1/openapi.json`) : undefined;
try {
  const rows = [];
  const targets = [['swagger-ui (/docs)', `${server.url}/docs`]];
  if (pages) for (const name of Object.keys(RENDERERS)) targets.push([name, `${pages.url}/${name}`]);
  for (const [name, url] of targets) {
    try {
      const { ms, all, kb } = await measure(browser, url);
      rows.push({ renderer: name, 'first operation ms (median)': ms, runs: all, 'KB received': kb });
    } catch (error) {
      rows.push({ renderer: name, 'first operation ms (median)': `failed: ${error.message.split('\n')[0]}` });
    }
  }
  console.log(table(rows));
} finally {
  await browser.close();
  pages?.close();
  await server.stop();
}
