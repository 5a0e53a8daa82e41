import type { HeaderReader } from './request';
import { type Compressor, preferredEncoding } from './static-body';

/** Answers smaller than this go as they are: the framing would eat the gain. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A JSON answer compressed as `Accept-Encoding` asks, for a control route whose answer can be
 * megabytes (the request journal read whole); the value itself when it is small or nothing
 * compresses (the msw handlers).
 */
export async function compressedJson<Value>(
  value: Value,
  request: HeaderReader,
  compress: Compressor | undefined,
): Promise<Value | Response> {
  const encoding = compress ? preferredEncoding(request.get('accept-encoding')) : undefined;
  if (!encoding) return value;
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  if (bytes.byteLength < MIN_COMPRESSED_BYTES) return value;
  const encoded = await compress!(bytes, encoding);
  return new Response(encoded as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'content-encoding': encoding,
      vary: 'Accept-Encoding',
      'cache-control': 'no-store',
    },
  });
}
