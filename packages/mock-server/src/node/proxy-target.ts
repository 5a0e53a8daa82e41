import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import { ErrorCode } from '@nimbus/sdk/contract/common';
import type { Dispatcher } from 'undici';
import { HttpError } from '../core/pipeline/http-error';
import type { BufferedRequest, Reply } from '../core/pipeline/request';
import type { RequestTarget } from '../core/pipeline/request-target';
import { onFirstUse } from '../core/services/on-first-use';
import type { ProxiedExchange, ProxyTarget } from '../core/services/proxy';

/** Headers of one connection, not of the message: never forwarded either way (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

const DECODERS: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** How long the deployment may take to start its answer. */
const ANSWER_TIMEOUT_MS = 60_000;

const undici = onFirstUse(() => import('undici'));

/** `http://host:port/base` checked: an http(s) URL without credentials, query or fragment. */
export function proxyTargetUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`The proxy target ${url} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`The proxy target ${url} must be an http:// or https:// URL`);
  }
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new TypeError(`The proxy target ${url} must have no credentials, query or fragment`);
  }
  return parsed;
}

/**
 * A deployment at `url` that the server forwards its API requests to, through undici (a pool of
 * kept-alive connections). Requests go as they came, less the hop-by-hop headers and with
 * `Accept-Encoding: identity` so the answer can be checked; redirects are answered, not followed.
 */
export function httpProxyTarget(url: string, onExchange?: (exchange: ProxiedExchange) => void): ProxyTarget {
  const base = proxyTargetUrl(url);
  const prefix = base.pathname.replace(/\/$/, '');
  const shown = `${base.origin}${prefix}`;
  return {
    url: shown,
    onExchange,
    async forward(request: BufferedRequest, target: RequestTarget): Promise<Reply> {
      const { request: send } = await undici();
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      });
      headers['accept-encoding'] = 'identity';
      let answer: Dispatcher.ResponseData;
      try {
        answer = await send(`${shown}${target.pathname}${target.search}`, {
          method: request.method as Dispatcher.HttpMethod,
          headers,
          body: request.bufferedBody ?? undefined,
          headersTimeout: ANSWER_TIMEOUT_MS,
          bodyTimeout: ANSWER_TIMEOUT_MS,
        });
      } catch (error) {
        throw unreachable(shown, error);
      }
      const replyHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        replyHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      let body: Buffer;
      try {
        body = Buffer.from(await answer.body.arrayBuffer());
      } catch (error) {
        throw unreachable(shown, error);
      }
      return { status: answer.statusCode, headers: replyHeaders, body: await decoded(body, replyHeaders) };
    },
  };
}

/** The body without the content coding a deployment used though asked for none, so it can be checked. */
async function decoded(body: Buffer, headers: Record<string, string>): Promise<Uint8Array | null> {
  const coding = headers['content-encoding']?.trim().toLowerCase();
  const decode = coding ? DECODERS[coding] : undefined;
  if (decode) {
    body = await decode(body);
    delete headers['content-encoding'];
  }
  return body.byteLength === 0 ? null : new Uint8Array(body);
}

function unreachable(url: string, error: unknown): HttpError {
  const reason = (error as { code?: string }).code ?? (error as Error).message;
  return HttpError.of(ErrorCode.SERVICE_UNAVAILABLE, `The proxy target ${url} did not answer: ${reason}`, {
    target: url,
    reason,
  });
}
