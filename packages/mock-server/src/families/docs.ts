import type { DocsAssetName } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { docs } from '@nimbus/sdk/contract/docs';
import type { FamilyModule } from '../core/pipeline/app';
import { defineHandlers } from '../core/pipeline/handler';
import { HttpError } from '../core/pipeline/http-error';
import { StaticBody } from '../core/pipeline/static-body';
import { onFirstUse } from '../core/services/on-first-use';
import type { MediaSource } from '../core/services/runtime';
import type { OpenApiName } from '../openapi/document';
import { faviconBody } from './docs-favicon';

/** The Swagger UI files, read from the runtime's docs assets. */
type SwaggerUiFile = Exclude<DocsAssetName, 'favicon.svg'>;

const ASSET_TYPES: Record<SwaggerUiFile, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};

/**
 * Swagger UI with one document at a time (`?api=v2` for the video API; the two links at the top
 * switch with a reload), and of the cloud platform API one section at a time: the tags of
 * `?tags=` (a link per tag under the top bar), FIRST_SECTION without it. The whole /api/v1
 * document held the first operation for 4-10 s on a 2-core machine; a section is a sixteenth of
 * its size and shows it about three times sooner (bench/README.md, run R). The section's tags are open in
 * the first render (`docExpansion: 'list'`), its operations collapsed.
 *
 * Authorization is the page's own, kept in localStorage and shared by both documents: a login
 * through "Try it out" or a token given to Authorize is sent with every /api/v1 call, with the
 * project id of the Project ID field (filled with the first project on login); /v2 calls get a
 * workload token for that project (POST /api/v1/auth/workload-token), made when first needed.
 */
const FIRST_SECTION = ['auth', 'users', 'projects', 'compute'];
const WORKLOAD_SCOPES = ['cameras:read', 'cameras:write', 'events:read', 'playback:read'];

/** The page, with a link to each section (tag) of the cloud platform API. */
const pageHtml = (v1Tags: readonly string[]) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nimbus API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" type="image/svg+xml" href="/docs/assets/favicon.svg">
<style>
  .nimbus-bar { display: flex; flex-wrap: wrap; gap: 0.5rem 2rem; align-items: center; padding: 0.75rem 1.25rem;
    background: #1b1b1b; color: #fff; font-family: sans-serif; font-size: 14px; }
  .nimbus-bar a { color: #fff; }
  .nimbus-bar a[aria-current="page"] { font-weight: bold; text-decoration: none; }
  .nimbus-bar nav { display: flex; gap: 1rem; }
  .nimbus-bar input { font: inherit; width: 22rem; max-width: 100%; margin-left: 0.5rem; }
  .nimbus-bar :focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
  .nimbus-sections { display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; margin: 0; padding: 0.6rem 1.25rem;
    list-style: none; font-family: sans-serif; font-size: 14px; background: #f0f0f0; }
  .nimbus-sections a { color: #1a5a9e; }
  .nimbus-sections a[aria-current="page"] { color: #1b1b1b; font-weight: bold; text-decoration: none; }
  .nimbus-sections a:focus-visible { outline: 3px solid #1a5a9e; outline-offset: 2px; }
  /* Swagger UI's badges and links fall short of 4.5:1 against their backgrounds. */
  .swagger-ui .info .title small { background-color: #4d5562; }
  .swagger-ui .info .title small.version-stamp { background-color: #2b6a00; }
  .swagger-ui .info a, .swagger-ui .info .url { color: #1a5a9e; }
  .swagger-ui .btn.authorize { color: #1c6e46; border-color: #1c6e46; }
  .swagger-ui .btn.authorize svg { fill: #1c6e46; }
  .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5c9c; }
  .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1c6e46; }
  .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8f4e00; }
  .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #16695c; }
  .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
  .swagger-ui .opblock.opblock-head .opblock-summary-method,
  .swagger-ui .opblock.opblock-options .opblock-summary-method { background: #5b3590; }
</style>
</head>
<body>
<header class="nimbus-bar">
  <nav aria-label="APIs">
    <a href="/docs" id="nimbus-api-v1">Cloud platform API (/api/v1)</a>
    <a href="/docs?api=v2" id="nimbus-api-v2">Video management API (/v2)</a>
  </nav>
  <div>
    <label for="nimbus-project">Project ID (X-Project-ID)</label>
    <input id="nimbus-project" autocomplete="off" spellcheck="false" placeholder="filled on login">
  </div>
  <p id="nimbus-auth-status" role="status"></p>
</header>
<nav id="nimbus-sections" aria-label="Sections of the cloud platform API">
<ul class="nimbus-sections">
  <li><a href="/docs">Getting started (${FIRST_SECTION.join(', ')})</a></li>
${v1Tags.map((tag) => `  <li><a href="/docs?tags=${tag}">${tag}</a></li>`).join('\n')}
</ul>
</nav>
<main id="swagger-ui"></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>
  const FIRST_SECTION = ${JSON.stringify(FIRST_SECTION)};
  const TOKEN_KEY = 'nimbus.docs.accessToken';
  const PROJECT_KEY = 'nimbus.docs.projectId';
  const query = new URLSearchParams(location.search);
  const api = query.get('api') === 'v2' ? 'v2' : 'v1';
  document.getElementById('nimbus-api-' + api).setAttribute('aria-current', 'page');
  // The section of the cloud platform API: its tags, or the first section's.
  const sectionLink = '/docs' + (query.get('tags') ? '?tags=' + query.get('tags') : '');
  const sections = document.getElementById('nimbus-sections');
  if (api === 'v2') sections.hidden = true;
  for (const link of sections.querySelectorAll('a')) {
    if (link.getAttribute('href') === sectionLink) link.setAttribute('aria-current', 'page');
  }
  const sectionTags = (query.get('tags') || FIRST_SECTION.join(',')).split(',');
  const projectField = document.getElementById('nimbus-project');
  const statusLine = document.getElementById('nimbus-auth-status');
  projectField.value = localStorage.getItem(PROJECT_KEY) ?? '';
  const accessToken = () => localStorage.getItem(TOKEN_KEY);
  const projectId = () => projectField.value.trim();
  function showStatus() {
    statusLine.textContent = accessToken()
      ? 'Signed in: calls carry the token and the project; /v2 calls get a workload token for it.'
      : 'Not signed in: run POST /api/v1/auth/login with "Try it out", or give a token to Authorize.';
  }
  function signIn(token) {
    localStorage.setItem(TOKEN_KEY, token);
    workload = undefined;
    showStatus();
    if (!projectId()) void firstProject(token);
  }
  projectField.addEventListener('change', () => {
    localStorage.setItem(PROJECT_KEY, projectId());
    workload = undefined;
  });
  async function firstProject(token) {
    const answer = await fetch('/api/v1/projects?per_page=1', { headers: { authorization: 'Bearer ' + token } });
    if (!answer.ok) return;
    const [project] = (await answer.json()).data;
    if (!project || projectId()) return;
    projectField.value = project.id;
    localStorage.setItem(PROJECT_KEY, project.id);
  }
  // The workload token of the signed-in user for the project, reused until a minute before it ends.
  let workload;
  async function workloadToken(access, project) {
    if (workload && workload.access === access && workload.project === project && workload.until > Date.now()) {
      return workload.token;
    }
    const answer = await fetch('/api/v1/auth/workload-token', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + access, 'content-type': 'application/json' },
      body: JSON.stringify({ project_id: project, scopes: ${JSON.stringify(WORKLOAD_SCOPES)} }),
    });
    if (!answer.ok) return undefined;
    const { data } = await answer.json();
    workload = { token: data.token, access, project, until: Date.now() + (data.expires_in - 60) * 1000 };
    return data.token;
  }
  // /v2 routes that take no workload token: health, metrics (basic auth) and the document.
  const OPEN_V2 = /^\\/v2\\/(health|metrics|openapi\\.json)/;
  async function authorize(request) {
    const url = new URL(request.url, location.href);
    if (url.origin !== location.origin) return request;
    const headers = request.headers;
    const access = accessToken();
    if (url.pathname.startsWith('/api/v1/')) {
      if (access && !headers.Authorization && !headers['X-API-Key']) headers.Authorization = 'Bearer ' + access;
      if (projectId() && !headers['X-Project-ID']) headers['X-Project-ID'] = projectId();
    } else if (url.pathname.startsWith('/v2/') && !OPEN_V2.test(url.pathname) && access && projectId()) {
      // A token given to Authorize on this document is kept; the user's access token is swapped.
      if (!headers.Authorization || headers.Authorization === 'Bearer ' + access) {
        const token = await workloadToken(access, projectId());
        if (token) headers.Authorization = 'Bearer ' + token;
      }
    }
    return request;
  }
  function keepLogin(response) {
    const path = new URL(response.url, location.href).pathname;
    const token = response.ok && response.body && response.body.data && response.body.data.access_token;
    if (token && (path === '/api/v1/auth/login' || path === '/api/v1/auth/refresh')) signIn(token);
    return response;
  }
  const NimbusAuth = () => ({
    statePlugins: {
      auth: {
        wrapActions: {
          // A bearer token given to Authorize is the page's too, for both documents.
          authorize: (next) => (payload) => {
            const value = payload && payload.bearerAuth && payload.bearerAuth.value;
            if (value) signIn(value);
            return next(payload);
          },
          logout: (next) => (names) => {
            if (names && names.includes('bearerAuth')) {
              localStorage.removeItem(TOKEN_KEY);
              workload = undefined;
              showStatus();
            }
            return next(names);
          },
        },
      },
    },
  });
  showStatus();
  // Swagger UI's server list has no label of its own.
  new MutationObserver((_, observer) => {
    const servers = document.getElementById('servers');
    if (!servers) return;
    servers.setAttribute('aria-label', 'Server');
    observer.disconnect();
  }).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
  window.ui = SwaggerUIBundle({
    url: api === 'v2' ? '/v2/openapi.json' : '/api/v1/openapi.json?tags=' + sectionTags.join(','),
    dom_id: '#swagger-ui',
    // No deep links: Swagger UI puts them inside each operation's button (nested controls).
    deepLinking: false,
    // The section's tags open in the first render, their operations collapsed (a section is small).
    docExpansion: 'list',
    // No list of the 250 schemas under the operations: each is still shown where it is used.
    defaultModelsExpandDepth: -1,
    persistAuthorization: true,
    requestInterceptor: authorize,
    responseInterceptor: keepLogin,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [NimbusAuth],
    layout: 'BaseLayout',
  });
</script>
</body>
</html>
`;

/** The page's one inline script, which its Content-Security-Policy allows by hash. */
const PAGE_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(pageHtml([]))![1]!;

/**
 * What the page may load and who may frame it: Swagger UI's files and the documents from the
 * server itself, the inline script by its hash, and no framing (no other site can lay the page's
 * "Try it out" buttons under a visitor's clicks). Swagger UI sets inline styles and draws its
 * icons as `data:` images.
 */
const pagePolicy = onFirstUse(async () => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_SCRIPT));
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
});

/** The page's answer (a 304 too) with its policy and the older framing header. */
async function withPagePolicy(response: Response): Promise<Response> {
  response.headers.set('content-security-policy', await pagePolicy());
  response.headers.set('x-frame-options', 'DENY');
  return response;
}

/** Documents and the page change only with a new server version: clients revalidate, a 304 is cheap. */
const REVALIDATE = 'no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * The document names its server, so each origin it is asked from has its own body, and so has
 * each section: the oldest goes past this many.
 */
const MAX_DOCUMENTS = 64;
const documents = new Map<string, StaticBody>();
/** The page names the sections of the /api/v1 document, which it builds (the document is asked for next). */
const pageBody = onFirstUse(async () => {
  const { openApiDocument } = await openApi();
  const tags = (openApiDocument('v1').tags as { name: string }[]).map((tag) => tag.name);
  return new StaticBody(pageHtml(tags), {
    contentType: 'text/html; charset=utf-8',
    cacheControl: REVALIDATE,
  });
});
const assetBodies = new WeakMap<MediaSource, Map<SwaggerUiFile, Promise<StaticBody>>>();

/**
 * The document builder, loaded with the first document asked for: it builds every schema of the
 * contract, which the server otherwise loads family by family. (The build keeps it in the
 * `openapi` entry's file, so the server's own file does not carry it.)
 */
const openApi = onFirstUse(() => import('../openapi/document'));

async function documentBody(
  name: OpenApiName,
  origin: string,
  tags?: readonly string[],
): Promise<StaticBody> {
  const key = `${name} ${origin} ${tags?.join(',') ?? ''}`;
  let body = documents.get(key);
  if (!body) {
    const { openApiDocument } = await openApi();
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
    const text = JSON.stringify(openApiDocument(name, { serverUrl: origin, tags }));
    body = new StaticBody(text, { contentType: JSON_TYPE, cacheControl: REVALIDATE });
    documents.set(key, body);
  }
  return body;
}

function assetBody(assets: MediaSource, file: SwaggerUiFile): Promise<StaticBody> {
  let files = assetBodies.get(assets);
  if (!files) {
    files = new Map();
    assetBodies.set(assets, files);
  }
  let body = files.get(file);
  if (!body) {
    body = assets.read(file).then(
      // Node reads into an ArrayBuffer-backed Uint8Array, which is what a Response takes.
      (bytes) =>
        new StaticBody(bytes as Uint8Array<ArrayBuffer>, {
          contentType: ASSET_TYPES[file],
          cacheControl: 'public, max-age=3600',
        }),
    );
    // A failed read is not kept: the next request tries again.
    body.catch(() => files.delete(file));
    files.set(file, body);
  }
  return body;
}

/** `?tags=` of the /api/v1 document: the known tags it names, sorted and once each; 400 for another. */
async function askedTags(query: string | undefined): Promise<string[] | undefined> {
  if (query === undefined) return undefined;
  const { openApiDocument } = await openApi();
  const known = (openApiDocument('v1').tags as { name: string }[]).map((tag) => tag.name);
  const asked = [...new Set(query.split(','))];
  const unknown = asked.filter((tag) => !known.includes(tag));
  if (unknown.length > 0) {
    throw HttpError.validation([
      {
        path: 'query.tags',
        message: `No such tag: ${unknown.join(', ')} (the tags are ${known.join(', ')})`,
      },
    ]);
  }
  return known.filter((tag) => asked.includes(tag));
}

/**
 * The OpenAPI documents (generated from the contract on first request) and the page that shows
 * them, each with an ETag (304 on If-None-Match) and compressed per Accept-Encoding where the
 * runtime can compress.
 */
export const docsFamily: FamilyModule = {
  handlers: defineHandlers(docs, {
    cloudPlatform: async (ctx) =>
      (await documentBody('v1', ctx.url.origin, await askedTags(ctx.query.tags))).respond(
        ctx.request.headers,
        ctx.runtime.compress,
      ),
    video: async (ctx) =>
      (await documentBody('v2', ctx.url.origin)).respond(ctx.request.headers, ctx.runtime.compress),
    page: async (ctx) =>
      withPagePolicy(await (await pageBody()).respond(ctx.request.headers, ctx.runtime.compress)),
    async asset(ctx) {
      const { file } = ctx.params;
      if (file === 'favicon.svg') return faviconBody.respond(ctx.request.headers, ctx.runtime.compress);
      const assets = ctx.runtime.docsAssets;
      if (!assets) {
        throw HttpError.of(
          ErrorCode.SERVICE_UNAVAILABLE,
          'The docs page files are served by the Node server only; the OpenAPI documents are served here too',
        );
      }
      const body = await assetBody(assets, file);
      return body.respond(ctx.request.headers, ctx.runtime.compress);
    },
  }),
};
