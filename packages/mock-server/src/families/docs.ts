import { docs, ErrorCode } from '@nimbus/sdk/contract';
import type { FamilyModule } from '../core/app';
import { defineHandlers } from '../core/handler';
import { HttpError } from '../core/http-error';
import { json } from '../core/respond';
import { openApiDocument } from '../openapi/document';

const ASSET_TYPES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
} as const;

/** Swagger UI with both documents; `?api=v2` opens the video API first. Tags expand on a click. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nimbus API reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
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
  window.ui = SwaggerUIBundle({
    urls,
    'urls.primaryName': first.name,
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Tags start collapsed: Swagger UI stalls rendering a hundred expanded operations at once.
    docExpansion: 'none',
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
</script>
</body>
</html>
`;

/** The OpenAPI documents (generated from the contract on first request) and the page that shows them. */
export const docsFamily: FamilyModule = {
  handlers: defineHandlers(docs, {
    cloudPlatform: (ctx) => json(200, openApiDocument('v1', { serverUrl: ctx.url.origin })),
    video: (ctx) => json(200, openApiDocument('v2', { serverUrl: ctx.url.origin })),
    page: () => new Response(PAGE, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } }),
    async asset(ctx) {
      const assets = ctx.runtime.docsAssets;
      if (!assets) {
        throw new HttpError(
          503,
          ErrorCode.SERVICE_UNAVAILABLE,
          'The docs page files are served by the Node server only; the OpenAPI documents are served here too',
        );
      }
      const file = ctx.params.file;
      // Node reads into an ArrayBuffer-backed Uint8Array, which is what a Response takes.
      return new Response((await assets.read(file)) as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { 'content-type': ASSET_TYPES[file], 'cache-control': 'public, max-age=3600' },
      });
    },
  }),
};
