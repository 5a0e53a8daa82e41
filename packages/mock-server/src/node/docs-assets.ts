import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaSource } from '../core/services/runtime';
import { createMediaSource } from './media-source';

/**
 * The files of the `/docs` page (the core names them; this reads them). Resolved on first use,
 * so a server that never serves the page never looks for them.
 */
export function createDocsAssets(): MediaSource {
  let source: MediaSource | undefined;
  return {
    read(name) {
      source ??= createMediaSource(docsAssetsRoot());
      return source.read(name);
    },
  };
}

/**
 * The build copies the Swagger UI files beside the bundle (`dist/swagger-ui/`), so the published
 * package depends on nothing for them (`swagger-ui-dist` would bring a telemetry package to every
 * installer). From the sources, they are read from that development dependency.
 */
function docsAssetsRoot(): string {
  const bundled = fileURLToPath(new URL('./swagger-ui', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}
