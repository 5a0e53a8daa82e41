import type { DocsAssetName } from '@nimbus/sdk/contract';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import { docs } from '@nimbus/sdk/contract/docs';
import type { FamilyModule } from '../core/app';
import { defineHandlers } from '../core/handler';
import { HttpError } from '../core/http-error';
import { onFirstUse } from '../core/on-first-use';
import type { MediaSource } from '../core/runtime';
import { StaticBody } from '../core/static-body';
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
 * Swagger UI with both documents; `?api=v2` opens the video API first. Only the most used tags
 * start open (OPEN_TAGS): rendering every operation at once held the first paint for seconds.
 */
const OPEN_TAGS = ['auth', 'projects', 'compute', 'video'];

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nimbus API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<link rel="icon" type="image/svg+xml" href="/docs/assets/favicon.svg">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script>
  const urls = [
    { url: '/api/v1/openapi.json', name: 'Cloud platform API (/api/v1)' },
    { url: '/v2/openapi.json', name: 'Video management API (/v2)' },
  ];
  const first = new URLSearchParams(location.search).get('api') === 'v2' ? urls[1] : urls[0];
  const openTags = ${JSON.stringify(OPEN_TAGS)};
  // Opens the main tags each time a document loads (the first one, and on a switch in the top bar).
  const OpenMainTags = () => ({
    statePlugins: {
      spec: {
        wrapActions: {
          updateJsonSpec: (next, system) => (spec) => {
            const result = next(spec);
            for (const tag of openTags) system.layoutActions.show(['operations-tag', tag], true);
            return result;
          },
        },
      },
    },
  });
  window.ui = SwaggerUIBundle({
    urls,
    'urls.primaryName': first.name,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Other tags start collapsed: Swagger UI stalls rendering a hundred expanded operations at once.
    docExpansion: 'none',
    // No list of the 250 schemas under the operations: each is still shown where it is used.
    defaultModelsExpandDepth: -1,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [OpenMainTags],
    layout: 'StandaloneLayout',
  });
</script>
</body>
</html>
`;

/** The page's one inline script, which its Content-Security-Policy allows by hash. */
const PAGE_SCRIPT = /<script>([\s\S]*?)<\/script>/.exec(PAGE)![1]!;

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
/** The document names its server, so each origin it is asked from has its own body; a few at most. */
const MAX_ORIGINS = 8;
const documents = new Map<string, StaticBody>();
const pageBody = new StaticBody(PAGE, { contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE });
const assetBodies = new WeakMap<MediaSource, Map<SwaggerUiFile, Promise<StaticBody>>>();

/**
 * The document builder, loaded with the first document asked for: it builds every schema of the
 * contract, which the server otherwise loads family by family. (The build keeps it in the
 * `openapi` entry's file, so the server's own file does not carry it.)
 */
const openApi = onFirstUse(() => import('../openapi/document'));

async function documentBody(name: OpenApiName, origin: string): Promise<StaticBody> {
  const key = `${name} ${origin}`;
  let body = documents.get(key);
  if (!body) {
    const { openApiDocument } = await openApi();
    if (documents.size >= MAX_ORIGINS) documents.delete(documents.keys().next().value!);
    const text = JSON.stringify(openApiDocument(name, { serverUrl: origin }));
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

/**
 * The OpenAPI documents (generated from the contract on first request) and the page that shows
 * them, each with an ETag (304 on If-None-Match) and compressed per Accept-Encoding where the
 * runtime can compress.
 */
export const docsFamily: FamilyModule = {
  handlers: defineHandlers(docs, {
    cloudPlatform: async (ctx) =>
      (await documentBody('v1', ctx.url.origin)).respond(ctx.request.headers, ctx.runtime.compress),
    video: async (ctx) =>
      (await documentBody('v2', ctx.url.origin)).respond(ctx.request.headers, ctx.runtime.compress),
    page: async (ctx) => withPagePolicy(await pageBody.respond(ctx.request.headers, ctx.runtime.compress)),
    async asset(ctx) {
      const { file } = ctx.params;
      if (file === 'favicon.svg') return faviconBody.respond(ctx.request.headers, ctx.runtime.compress);
      const assets = ctx.runtime.docsAssets;
      if (!assets) {
        throw new HttpError(
          503,
          ErrorCode.SERVICE_UNAVAILABLE,
          'The docs page files are served by the Node server only; the OpenAPI documents are served here too',
        );
      }
      const body = await assetBody(assets, file);
      return body.respond(ctx.request.headers, ctx.runtime.compress);
    },
  }),
};
