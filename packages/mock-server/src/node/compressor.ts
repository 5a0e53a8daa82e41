import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compressor } from '../core/pipeline/static-body';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * zlib behind the core's `Compressor`. Brotli quality 5 makes the v1 document about a tenth of its
 * size in tens of milliseconds, where quality 11 saves a little more for a second or so on the
 * first request (the mock server README gives the sizes).
 */
export const zlibCompressor: Compressor = async (bytes, encoding) => {
  const out =
    encoding === 'br'
      ? await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : await gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};
