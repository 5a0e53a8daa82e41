import { ErrorCode } from '@nimbus/sdk/contract/common';
import { HttpError } from '../core/pipeline/http-error';
import { onFirstUse } from '../core/services/on-first-use';
import type { MediaSource } from '../core/services/runtime';

/**
 * msw's `bypass`, from msw's index, which in Node also loads msw's GraphQL support and cookie
 * store: imported on first use, where a bundler keeps `bypass` alone. (A static import would
 * load it with the server, bundled or not.)
 */
const msw = onFirstUse(() => import('msw'));

/**
 * Files fetched from a URL prefix, each once (the docs page's Swagger UI files in msw mode).
 * `bypass` keeps msw from intercepting the fetch; a file that cannot be fetched answers 503.
 */
export function fetchedAssets(baseUrl: string): MediaSource {
  const prefix = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, Promise<Uint8Array>>();
  return {
    read(name) {
      let bytes = cache.get(name);
      if (!bytes) {
        bytes = fetchBytes(`${prefix}/${encodeURIComponent(name)}`);
        // A failed fetch is not kept: the next request tries again.
        bytes.catch(() => cache.delete(name));
        cache.set(name, bytes);
      }
      return bytes;
    },
  };
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    const { bypass } = await msw();
    response = await fetch(bypass(url));
  } catch (error) {
    throw unavailable(`${url} could not be fetched: ${(error as Error).message}`);
  }
  if (!response.ok) throw unavailable(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function unavailable(reason: string): HttpError {
  return HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, `A file of the docs page is missing: ${reason}`);
}
