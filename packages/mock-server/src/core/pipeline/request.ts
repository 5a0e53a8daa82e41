import { utf8Length } from '../../store/row-texts';

/** Reads request headers by name, case-insensitively: a Fetch `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
  /** Every header (names lower case); the request journal reads them all. */
  forEach(callback: (value: string, name: string) => void): void;
  /**
   * The same headers as they arrived, name and value in turn, no name twice (in any case), where
   * the adapter has them: the journal keeps them as one text.
   */
  readonly raw?: readonly string[];
}

/** What the core reads of a request. A Fetch `Request` has it all; the Node server passes a lighter object. */
export interface RequestHead {
  readonly method: string;
  readonly url: string;
  readonly headers: HeaderReader;
}

/**
 * A request whose body the server read into memory before handing it over (at most the body
 * limit and one chunk more, so an oversized body is still seen as too large). Building a Fetch
 * `Request` and its body stream per request cost more than the handling itself.
 */
export interface BufferedRequest extends RequestHead {
  readonly bufferedBody: Uint8Array | null;
  /** The peer address of the connection (the Node server knows it; msw and in-process fetch do not). */
  readonly clientAddress?: string;
}

/** What the core takes: a buffered request (the Node server, msw, in-process fetch), or a Fetch `Request`, which it buffers first. */
export type CoreRequest = Request | BufferedRequest;

/**
 * `request` with its body read, as the Node server hands requests over: at most `maxBytes` and
 * one chunk more, so an oversized body is still seen as too large. The core reads a Fetch body
 * this way before it awaits anything: on Node 20, a body read after the server had waited on
 * loading a family was found empty, in two runs (once through msw, once in-process).
 */
export async function bufferedRequest(request: Request, maxBytes: number): Promise<BufferedRequest> {
  const head = { method: request.method, url: request.url, headers: request.headers };
  if (request.body === null) return { ...head, bufferedBody: null };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      break;
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ...head, bufferedBody: body };
}

/**
 * An answer before it becomes a Fetch `Response`, so the Node server can write it to the socket
 * as it is (one write with a content-length). Header names are lower case.
 */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
  /** The body as the texts it was joined from (records' kept JSON): what the journal keeps of it. */
  parts?: BodyParts;
}

/** `head`, the `items` separated by commas, then `tail`: a body made of texts kept elsewhere. */
export interface BodyParts {
  readonly head: string;
  readonly items: readonly string[];
  readonly tail: string;
  /**
   * The items' UTF-8 length together, when each is a record's kept text, whose length was counted
   * once (store/row-texts.ts): the Node server's `content-length` without counting the body again.
   */
  readonly itemBytes?: number;
}

/** The UTF-8 length of the body joined from `parts`, when their items' is known. */
export function partsByteLength({ head, items, tail, itemBytes }: BodyParts): number | undefined {
  if (itemBytes === undefined) return undefined;
  return utf8Length(head) + itemBytes + Math.max(0, items.length - 1) + utf8Length(tail);
}

/**
 * The body as one flat string, made by one join: the items joined, then put between `head` and
 * `tail`, make a string of three pieces that V8 copies whole once more before it is written.
 */
export function joinParts({ head, items, tail }: BodyParts): string {
  const last = items.length - 1;
  if (last < 0) return head + tail;
  const texts = items.slice();
  texts[0] = head + texts[0];
  texts[last] += tail;
  return texts.join(',');
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a method changes state: the store must take it, the activity log records it. */
export function isWrite(method: string): boolean {
  return WRITE_METHODS.has(method);
}

export function isBuffered(request: CoreRequest): request is BufferedRequest {
  return 'bufferedBody' in request;
}

/** The Fetch `Response` of a reply. */
export function toResponse(reply: Reply): Response {
  return new Response(reply.body as BodyInit | null, { status: reply.status, headers: reply.headers });
}

/** A reply from a `Response` a handler answered (playlists, media, docs): its body read whole. */
export async function replyOf(response: Response): Promise<Reply> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers, body };
}
