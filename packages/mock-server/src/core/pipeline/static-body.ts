import type { HeaderReader } from './request';

/** The content codings the server compresses with, in order of preference. */
export type ContentEncoding = 'br' | 'gzip';
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Compresses bytes (zlib in the Node server; absent in a browser, where bodies go as they are). */
export type Compressor = (bytes: Uint8Array, encoding: ContentEncoding) => Promise<Uint8Array>;

/** Bodies smaller than this go uncompressed: the framing would eat the gain. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * A body that does not change while the server runs (an OpenAPI document, a Swagger UI file),
 * served with a strong ETag per representation, 304 on a matching `If-None-Match`, and
 * compressed as `Accept-Encoding` asks. Each encoding is computed once, on first request.
 */
export class StaticBody {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  readonly #headers: Record<string, string>;
  readonly #encoded = new Map<ContentEncoding, Promise<Uint8Array<ArrayBuffer>>>();
  #tag: Promise<string> | undefined;

  constructor(
    body: string | Uint8Array<ArrayBuffer>,
    headers: { contentType: string; cacheControl: string },
  ) {
    this.#bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    this.#headers = { 'content-type': headers.contentType, 'cache-control': headers.cacheControl };
  }

  async respond(request: HeaderReader, compress: Compressor | undefined): Promise<Response> {
    this.#tag ??= digestTag(this.#bytes);
    const tag = await this.#tag;
    const encoding =
      compress && this.#bytes.byteLength >= MIN_COMPRESSED_BYTES
        ? preferredEncoding(request.get('accept-encoding'))
        : undefined;
    const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
    const headers: Record<string, string> = { ...this.#headers, etag, vary: 'Accept-Encoding' };
    if (matches(request.get('if-none-match'), tag)) return new Response(null, { status: 304, headers });
    if (!encoding) return new Response(this.#bytes, { status: 200, headers });
    let encoded = this.#encoded.get(encoding);
    if (!encoded) {
      encoded = compress!(this.#bytes, encoding) as Promise<Uint8Array<ArrayBuffer>>;
      this.#encoded.set(encoding, encoded);
    }
    return new Response(await encoded, {
      status: 200,
      headers: { ...headers, 'content-encoding': encoding },
    });
  }
}

/** The best coding `Accept-Encoding` allows (q > 0), or none for identity. */
export function preferredEncoding(header: string | null): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  return ENCODINGS.filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
}

/** Whether `If-None-Match` names any representation of the body (weak comparison, RFC 9110 §13.1.2). */
function matches(header: string | null, tag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => {
    const opaque = candidate.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return opaque === tag || ENCODINGS.some((coding) => opaque === `${tag}-${coding}`);
  });
}

async function digestTag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let hex = '';
  for (const byte of digest.subarray(0, 12)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
