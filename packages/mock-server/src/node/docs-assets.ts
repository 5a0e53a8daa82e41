import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { MediaSource } from '../core/runtime';
import { createMediaSource } from './media-source';

/**
 * The files of the `/docs` page, read from the installed `swagger-ui-dist` package (the core
 * names them; this reads them). Resolved on first use, so a server that never serves the page
 * never looks for the package.
 */
export function createDocsAssets(): MediaSource {
  let source: MediaSource | undefined;
  return {
    read(name) {
      source ??= createMediaSource(
        dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
      );
      return source.read(name);
    },
  };
}
