import type { Endpoint } from '@nimbus/sdk/contract';

/**
 * The media type of an answer that is not JSON. The contract names it first in the response's
 * description (`application/vnd.apple.mpegurl`); without one, bytes are
 * `application/octet-stream` and text is `text/plain`.
 */
export function mediaTypeOf(endpoint: Endpoint): string {
  const declared = /^[a-z]+\/[\w.+-]+/.exec(endpoint.response.description ?? '')?.[0];
  return declared ?? (endpoint.responseKind === 'binary' ? 'application/octet-stream' : 'text/plain');
}
