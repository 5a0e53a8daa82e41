// The API reference renderers side by side in headless Chromium, on the cloud document of the
// reference server: Swagger UI (what /docs serves), Redoc, Scalar and Stoplight Elements, each on
// the whole /api/v1 document and on the section /docs opens with (`?tags=auth,users,projects,compute`).
// For each, the time from navigation to the first operation of the document ("Register a user")
// visible, and the bytes the page received (decoded). Every run is a fresh browser context (cold
// cache); the renderers take turns within each round, so a change of load on the shared host
// falls on all of them. The other renderers are not dependencies of the project: install them
// into a directory of their own and name it, e.g.
//   npm install --prefix /tmp/docs-renderers redoc@2 @scalar/api-reference@1 @stoplight/elements@9
//   BENCH_RENDERERS_DIR=/tmp/docs-renderers node bench/docs-renderers.mjs [runs]
// after `npm run build -w @nimbus/sdk -w @nimbus/mock-server`. Without BENCH_RENDERERS_DIR only
// /docs is measured. Their files are served from another loopback port, which the server's CORS
// allows, and read the documents from the server; a request to any other host is refused and
// counted (no renderer may need a CDN).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { benchFile, median, round, startServer, table } from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const RENDERERS_DIR = process.env.BENCH_RENDERERS_DIR;
/** The summary of the document's first operation (auth.register). */
const FIRST_OPERATION = 'Register a user';
/** The section /docs opens with; the documents each renderer is given. */
const SECTION = 'auth,users,projects,compute';
const DOCUMENTS = { whole: '/api/v1/openapi.json', section: `/api/v1/openapi.json?tags=${SECTION}` };

const SWAGGER_UI_DIR = benchFile('../packages/mock-server/dist/swagger-ui');

/**
 * Each renderer's page and the files it loads (paths in BENCH_RENDERERS_DIR/node_modules, or the
 * server's own Swagger UI files), configured as a reader would: Scalar without its web fonts,
 * Elements at its route of the first operation (its landing page lists tags, no operation).
 */
const RENDERERS = {
  'swagger-ui': {
    files: {
      'swagger-ui.css': join(SWAGGER_UI_DIR, 'swagger-ui.css'),
      'swagger-ui-bundle.js': join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'),
    },
    page: (spec) =>
      `<link rel="stylesheet" href="/swagger-ui.css"><main id="ui"></main>` +
      `<script src="/swagger-ui-bundle.js"></script><script>SwaggerUIBundle({ url: ${JSON.stringify(spec)}, ` +
      `dom_id: '#ui', docExpansion: 'list', defaultModelsExpandDepth: -1, layout: 'BaseLayout' });</script>`,
  },
  redoc: {
    files: { 'redoc.js': 'redoc/bundles/redoc.standalone.js' },
    page: (spec) => `<redoc spec-url="${spec}"></redoc><script src="/redoc.js"></script>`,
  },
  scalar: {
    files: { 'scalar.js': '@scalar/api-reference/dist/browser/standalone.js' },
    page: (spec) =>
      `<script id="api-reference" data-url="${spec}" data-configuration='{"withDefaultFonts":false}'></script>` +
      `<script src="/scalar.js"></script>`,
  },
  'stoplight-elements': {
    hash: '#/operations/v1.auth.register',
    files: {
      'elements.js': '@stoplight/elements/web-components.min.js',
      'elements.css': '@stoplight/elements/styles.min.css',
    },
    page: (spec) =>
      `<link rel="stylesheet" href="/elements.css"><script src="/elements.js"></script>` +
      `<elements-api apiDescriptionUrl="${spec}" router="hash" layout="sidebar"></elements-api>`,
  },
};

/** A page server for the renderers: /<name>?doc=<whole|section>, its files beside it. */
async function servePages(serverUrl) {
  const files = new Map();
  for (const renderer of Object.values(RENDERERS)) {
    for (const [name, path] of Object.entries(renderer.files)) {
      const file = path.startsWith('/') ? path : join(RENDERERS_DIR, 'node_modules', path);
      files.set(`/${name}`, await readFile(file));
    }
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://pages');
    const renderer = RENDERERS[url.pathname.slice(1)];
    if (renderer) {
      const spec = `${serverUrl}${DOCUMENTS[url.searchParams.get('doc')]}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><meta charset="utf-8"><body>${renderer.page(spec)}</body></html>`,
      );
      return;
    }
    const file = files.get(url.pathname);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const type = url.pathname.endsWith('.css') ? 'text/css' : 'text/javascript';
    res.writeHead(200, { 'content-type': type }).end(file);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** One cold run: milliseconds to the first operation visible, bytes received, off-host requests. */
async function measureOnce(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    let offHost = 0;
    await context.route(
      (target) => target.hostname !== '127.0.0.1',
      (route) => {
        offHost++;
        return route.abort();
      },
    );
    const page = await context.newPage();
    let received = 0;
    page.on('response', async (response) => {
      received += (await response.body().catch(() => Buffer.alloc(0))).byteLength;
    });
    const started = performance.now();
    await page.goto(url);
    await page.getByText(FIRST_OPERATION).filter({ visible: true }).first().waitFor({ timeout: 60_000 });
    const ms = performance.now() - started;
    // The bytes of what the page loads once shown; a page that keeps loading is counted at 30 s.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    return { ms, bytes: received, offHost };
  } finally {
    await context.close();
  }
}

const server = await startServer(benchFile('servers/nimbus.mjs'), { BENCH_EMPTY: '1' });
const browser = await chromium.launch({
  executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const pages = RENDERERS_DIR ? await servePages(server.url) : undefined;
const loadBefore = loadavg()[0];
const started = new Date();
try {
  const targets = [['/docs (Swagger UI, its section)', `${server.url}/docs`]];
  if (pages) {
    for (const [name, renderer] of Object.entries(RENDERERS)) {
      for (const doc of Object.keys(DOCUMENTS)) {
        targets.push([`${name}, ${doc}`, `${pages.url}/${name}?doc=${doc}${renderer.hash ?? ''}`]);
      }
    }
  }
  const results = new Map(targets.map(([name]) => [name, { ms: [], bytes: [], offHost: 0, error: '' }]));
  // A first, untimed visit of each: the server builds and compresses each document once.
  for (const [name, url] of targets) {
    await measureOnce(browser, url).catch((error) => {
      results.get(name).error = error.message.split('\n')[0];
    });
  }
  for (let run = 0; run < RUNS; run++) {
    for (const [name, url] of targets) {
      const result = results.get(name);
      if (result.error) continue;
      try {
        const { ms, bytes, offHost } = await measureOnce(browser, url);
        result.ms.push(ms);
        result.bytes.push(bytes);
        result.offHost += offHost;
      } catch (error) {
        result.error = error.message.split('\n')[0];
      }
    }
  }
  const rows = [...results].map(([name, { ms, bytes, offHost, error }]) =>
    error
      ? { renderer: name, 'first operation ms (median)': `failed: ${error}` }
      : {
          renderer: name,
          'first operation ms (median)': round(median(ms), 0),
          'min-max': `${round(Math.min(...ms), 0)}-${round(Math.max(...ms), 0)}`,
          'KB received': round(median(bytes) / 1024, 0),
          'off-host requests refused': offHost,
        },
  );
  console.log(table(rows));
  console.log(
    `\n${started.toISOString()}: ${RUNS} runs each; load average ${loadBefore.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`,
  );
} finally {
  await browser.close();
  pages?.close();
  await server.stop();
}
