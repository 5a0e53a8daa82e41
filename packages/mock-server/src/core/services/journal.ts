import type { Divergence, EndpointSecrets, RecordedRequest, SecretPath } from '@nimbus/sdk/contract';
import { OPERATION_ROUTES, OPERATION_SECRETS } from '@nimbus/sdk/contract/generated/operation-routes';
import {
  EACH,
  maskUrlPassword,
  redactQueryValue,
  redactSecrets,
  routeSecretsLookup,
} from '@nimbus/sdk/contract/secrets';
import type { z } from 'zod';
import { pathMatches } from '../pipeline/path-pattern';
import { type BodyParts, type HeaderReader, joinParts, type Reply } from '../pipeline/request';
import { RequestTarget } from '../pipeline/request-target';
import { UNKNOWN_FIELDS_HEADER, unknownFieldsOfWarning } from '../pipeline/unknown-fields-header';
import { ByteSlabs, inSlab } from './byte-slabs';
import { readTape, requestIdOfTape, type TapeTexts, tapeText } from './journal-tape';
import { type KeptRecord, KeptRecords } from './kept-records';
import { REDACTED, replacedValues, SecretScrubber } from './secret-values';

export type JournalEntry = z.infer<typeof RecordedRequest>;

/** What `GET /__mock/requests` filters on; the path is a pattern of path-pattern.ts (`/api/v1/*`, `/api/v1/instances/{id}`). */
export interface JournalFilter {
  method?: string;
  path?: string;
  status?: number;
  /** true: only requests with divergences (a proxy's); false: only those without. */
  divergent?: boolean;
  /** A request id: only requests recorded after it. */
  after?: string;
  /** At most this many, the oldest first. */
  limit?: number;
}

/** Matching entries, and whether the `after` request was one the journal still holds. */
export interface JournalPage {
  entries: JournalEntry[];
  cursorLost: boolean;
}

/** Headers that carry credentials: kept by name, their value replaced. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
/** Query parameters that carry credentials on any route (the HLS `?token=`, wherever a client sends it). */
const SECRET_PARAMS = new Set(['token', 'access_token', 'api_key']);
/**
 * For a request that calls no endpoint (a 404, a 405) only: field names that look like
 * credentials. Requests to an endpoint are redacted by the fields the contract marks secret.
 */
const SECRET_FIELD = /password|secret|token|api_?key|totp|credential|private_key/i;
/** Bodies larger than this are journaled as a note of their size: the journal is for assertions. */
const MAX_JOURNALED_BODY = 64 * 1024;
/** The kept bodies together stay under this many bytes (their UTF-8): oldest go first. */
export const MAX_JOURNAL_BYTES = 8 * 1024 * 1024;

/** A request as recorded: raw pieces, turned into a `JournalEntry` (and redacted) only when read. */
export interface JournalRecord {
  requestId: string;
  /** Simulated time, epoch ms. */
  at: number;
  method: string;
  target: RequestTarget;
  headers: HeaderReader;
  /** The body as received (text or bytes), or null when there was none or it was not read. */
  body: string | Uint8Array | null;
  status: number;
  /** Real time the answer took (a test's simulated clock does not move it). */
  durationMs: number;
  /** The answer: its status, headers and body (redacted only when read). */
  response: Reply;
  /** A proxy's: how the deployment's answer differs from the contract. */
  divergences?: readonly z.infer<typeof Divergence>[];
}

/** Runs `flush` once the current turn of the event loop has ended, after the adapters' last touches. */
const afterTurn: (flush: () => void) => void =
  typeof setImmediate === 'function' ? (flush) => setImmediate(flush) : (flush) => setTimeout(flush, 0);

/**
 * The last `capacity` requests the server answered, for tests that verify what an app sent
 * (WireMock's request journal, nock's recorder), their bodies at most `maxBytes` together.
 * Control routes (`/__mock/*`) are not recorded, so reading the journal does not change it.
 * A request is written into the journal's rings (kept-records.ts) once its turn has ended: the
 * Node adapter adds `content-length` to the answer's headers after the core has recorded it.
 * Entries are built, and credentials redacted, when read.
 */
export class RequestJournal {
  readonly #capacity: number;
  readonly #maxBytes: number;
  readonly #records = new KeptRecords();
  /** Length of the kept bodies together. */
  #bytes = 0;
  readonly #slabs = new ByteSlabs();
  /** Recorded this turn, not yet kept. */
  #pending: JournalRecord[] = [];
  #flushScheduled = false;

  /** Secrets the server holds (the control token), redacted wherever a request carries them. */
  readonly #serverSecrets: readonly string[];

  constructor(
    capacity: number,
    { maxBytes = MAX_JOURNAL_BYTES, controlToken }: { maxBytes?: number; controlToken?: string } = {},
  ) {
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
    this.#serverSecrets = controlToken ? [controlToken] : [];
  }

  record(record: JournalRecord): void {
    if (this.#capacity <= 0 || !isJournaled(record.target.pathname)) return;
    this.#pending.push(record);
    // A loop that never turns (a test's fake timers) still holds at most `capacity` waiting: an
    // older one would be dropped from the journal as soon as it was written.
    if (this.#pending.length > this.#capacity) this.#pending.shift();
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      afterTurn(() => {
        this.#flushScheduled = false;
        this.#flush();
      });
    }
  }

  #flush(): void {
    const pending = this.#pending;
    if (pending.length === 0) return;
    this.#pending = [];
    for (const record of pending) this.#keep(record);
  }

  #keep(record: JournalRecord): void {
    // A large body is not kept: 1,000 entries of a 1 MB body each would hold a gigabyte.
    const body = keptBody(record.body, this.#slabs);
    const { response, parts, size: responseSize } = keptResponse(record.response, this.#slabs);
    const size = lengthOf(body) + responseSize;
    this.#records.push({
      tape: tapeText({
        requestId: record.requestId,
        method: record.method,
        url: record.target.href,
        requestHeaders: record.headers,
        responseHeaders: record.response.headers,
        head: parts?.head ?? '',
        tail: parts?.tail ?? '',
      }),
      at: record.at,
      status: record.status,
      durationMs: record.durationMs,
      body,
      response,
      divergences: record.divergences,
      size,
    });
    this.#bytes += size;
    while (this.#records.length > this.#capacity || this.#bytes > this.#maxBytes) {
      this.#bytes -= this.#records.shift();
    }
  }

  /** How many requests it keeps at most. */
  get capacity(): number {
    return this.#capacity;
  }

  /** Matching entries, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    return this.page(filter).entries;
  }

  /**
   * Matching entries after `filter.after`, oldest first. The search for the cursor runs from the
   * newest record back: a page polling the log finds it within the few requests since its last ask.
   */
  page(filter: JournalFilter = {}): JournalPage {
    this.#flush();
    const method = filter.method?.toUpperCase();
    let start = 0;
    let cursorLost = false;
    if (filter.after !== undefined) {
      let index = this.#records.length - 1;
      while (index >= 0 && requestIdOfTape(this.#records.tapeAt(index)) !== filter.after) index--;
      cursorLost = index < 0;
      if (!cursorLost) start = index + 1;
    }
    const entries: JournalEntry[] = [];
    const limit = filter.limit ?? Number.POSITIVE_INFINITY;
    for (const record of this.#records.from(start)) {
      if (entries.length >= limit) break;
      if (filter.status !== undefined && record.status !== filter.status) continue;
      const texts = readTape(record.tape);
      if (matches(record, texts, { ...filter, method }))
        entries.push(entryOf(record, texts, this.#serverSecrets));
    }
    return { entries, cursorLost };
  }

  clear(): void {
    this.#pending = [];
    this.#records.clear();
    this.#bytes = 0;
  }
}

function lengthOf(body: string | Uint8Array | null): number {
  return body === null ? 0 : body.length;
}

function keptBody(body: string | Uint8Array | null, slabs: ByteSlabs): string | Uint8Array | null {
  const size = lengthOf(body);
  if (size > MAX_JOURNALED_BODY) return notJournaled(size);
  if (body === null || body.length === 0) return body;
  // Kept as bytes in slabs (byte-slabs.ts), not as strings the collector copies. A body read off
  // a socket is a view into the buffer it arrived in (up to 64 KiB, headers and all): kept as it
  // is, 1,000 small bodies would hold 64 MiB the byte count never sees; its copy holds its own
  // bytes. The Node server's answers are in slabs already.
  if (typeof body === 'string') return slabs.text(body);
  return inSlab(body) || body.byteLength === body.buffer.byteLength ? body : slabs.bytes(body);
}

/** Text types whose bytes the journal shows as text; other bodies (media, compressed) as a note. */
const TEXT_TYPE =
  /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)|application\/vnd\.apple\.mpegurl)/i;

/**
 * What the journal keeps of an answer's body, the head and tail of the parts it was joined from,
 * and its size as counted against the journal's bound.
 */
function keptResponse(
  reply: Reply,
  slabs: ByteSlabs,
): { response: KeptRecord['response']; parts?: BodyParts; size: number } {
  const { body } = reply;
  if (body === null) return { response: null, size: 0 };
  // Texts the records keep anyway: the journal holds the same strings, joined when read.
  if (reply.parts) {
    // The body was joined from these parts: its length is theirs, without counting them again.
    const size = body.length;
    if (size > MAX_JOURNALED_BODY) return sized(notJournaled(size));
    return { response: reply.parts.items, parts: reply.parts, size };
  }
  const type = reply.headers['content-type'] ?? '';
  const encoded = reply.headers['content-encoding'];
  if (typeof body !== 'string' && (!TEXT_TYPE.test(type) || (encoded && encoded !== 'identity'))) {
    return sized(`[${body.length} bytes of ${type || 'unknown type'}${encoded ? `, ${encoded}` : ''}]`);
  }
  return sized(keptBody(body, slabs));
}

function sized(response: string | Uint8Array | null): { response: KeptRecord['response']; size: number } {
  return { response, size: lengthOf(response) };
}

/** The note a body too large to keep is kept as. */
function notJournaled(size: number): string {
  return `[${size} bytes not journaled]`;
}

const NO_SECRETS = { body: [], query: [], response: [] };

/**
 * The secrets of the endpoint a request called, from the contract's marks as the route table
 * carries them: a request refused before its family loaded is redacted too. Built on first read.
 */
let secretsOfRequest: ReturnType<typeof routeSecretsLookup> | undefined;

/**
 * The entry of a record, redacted twice: by name and contract mark first, then by value, so a
 * secret the request carried where one belongs (or the control token) is redacted wherever else
 * it appears in the entry, under another header, in the query or in a body.
 */
function entryOf(record: KeptRecord, texts: TapeTexts, serverSecrets: readonly string[]): JournalEntry {
  secretsOfRequest ??= routeSecretsLookup(
    OPERATION_ROUTES.map(([id, method, path]) => ({
      method,
      path,
      secrets: () => OPERATION_SECRETS[id] ?? NO_SECRETS,
    })),
  );
  const target = new RequestTarget(texts.url);
  const secrets = secretsOfRequest(texts.method, target.pathname);
  const carried: string[] = [...serverSecrets];
  const headers = journalHeaders(texts.requestHeaders, carried);
  const query = journalQuery(target.searchParams, secrets);
  replacedValues(Object.fromEntries(target.searchParams), query, carried);
  const body = journalBody(record.body, secrets?.body, carried);
  const { response } = record;
  const sent = isJoined(response)
    ? joinParts({ head: texts.head, items: response, tail: texts.tail })
    : response;
  const responseBody = journalResponseBody(sent, target.pathname, secrets, carried);
  const scrubber = new SecretScrubber(carried);
  return {
    request_id: texts.requestId,
    time: new Date(record.at).toISOString(),
    method: texts.method,
    path: scrubber.text(target.pathname),
    query: scrubber.deep(query) as Record<string, string>,
    headers: scrubber.deep(headers) as Record<string, string>,
    body: scrubber.deep(body),
    status: record.status,
    duration_ms: Math.round(record.durationMs * 100) / 100,
    response: {
      status: record.status,
      headers: scrubber.deep(journalHeaders(texts.responseHeaders, carried)) as Record<string, string>,
      body: scrubber.deep(responseBody),
    },
    unknown_fields: unknownFieldsOfWarning(texts.responseHeaders[UNKNOWN_FIELDS_HEADER]),
    divergences: (record.divergences ?? []).map((d) => journalDivergence(d, scrubber)),
  };
}

/** An answer kept as the records' texts it was joined from. */
function isJoined(response: KeptRecord['response']): response is readonly string[] {
  return Array.isArray(response);
}

/**
 * A divergence as journaled: the value of a field the contract does not know, but whose name
 * says it holds a credential (an extra `password`), is redacted like the body's secrets.
 */
function journalDivergence(divergence: z.infer<typeof Divergence>, scrubber: SecretScrubber) {
  const field = /([A-Za-z_][\w]*)(?:\[\d+\])*$/.exec(divergence.path)?.[1] ?? '';
  const actual = divergence.check === 'schema' && SECRET_FIELD.test(field) ? REDACTED : divergence.actual;
  return {
    ...divergence,
    operation: scrubber.text(divergence.operation),
    path: scrubber.text(divergence.path),
    actual: scrubber.text(actual),
  };
}

function matches(record: KeptRecord, texts: TapeTexts, filter: JournalFilter): boolean {
  if (filter.method && texts.method !== filter.method) return false;
  if (filter.divergent !== undefined && (record.divergences?.length ?? 0) > 0 !== filter.divergent)
    return false;
  return !filter.path || pathMatches(filter.path, new RequestTarget(texts.url).pathname);
}

/** Whether a request belongs in the journal: everything but the control routes. */
function isJournaled(pathname: string): boolean {
  return !pathname.startsWith('/__mock/');
}

/**
 * Request or response headers, lower case, with credentials redacted; their values (and a bearer
 * or basic credential without its scheme, each cookie's value) go to `carried`.
 */
function journalHeaders(headers: Record<string, string>, carried: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    if (!SECRET_HEADERS.has(key)) {
      out[key] = value;
      continue;
    }
    out[key] = REDACTED;
    carried.push(value, ...credentialParts(value));
  }
  return out;
}

/** `Bearer <token>` and `Basic <credential>` without the scheme; `a=1; b=2` (cookies) as `1`, `2`. */
function credentialParts(value: string): string[] {
  const scheme = /^\s*\w+\s+(\S+)\s*$/.exec(value);
  if (scheme) return [scheme[1]!];
  return value.split(/[;,]/).map((part) => part.slice(part.indexOf('=') + 1).trim());
}

/** The query as an object, with credential parameters (`?token=` of an HLS playlist) redacted. */
function journalQuery(query: URLSearchParams, secrets: EndpointSecrets | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) {
    out[key] = SECRET_PARAMS.has(key)
      ? REDACTED
      : secrets
        ? redactQueryValue(key, value, secrets.query, REDACTED)
        : SECRET_FIELD.test(key)
          ? REDACTED
          : maskUrlPassword(value);
  }
  return out;
}

/**
 * The body as journaled: parsed JSON with credential fields redacted, other text as is, or null.
 * The values redacted go to `carried`.
 */
function journalBody(
  body: string | Uint8Array | null,
  secrets: readonly SecretPath[] | undefined,
  carried: string[],
): unknown {
  return redactedJson(body, (json) => {
    const redacted = secrets ? redactSecrets(json, secrets, REDACTED) : redactByName(json);
    replacedValues(json, redacted, carried);
    return redacted;
  });
}

/**
 * A response body as journaled: what the endpoint's contract marks secret (a token at login, a
 * key shown once) is redacted as in a request body. On /api/v1 the marks describe `data`, the
 * item of a list; errors carry no secrets.
 */
function journalResponseBody(
  body: string | Uint8Array | null,
  pathname: string,
  secrets: EndpointSecrets | undefined,
  carried: string[],
): unknown {
  if (!secrets) return journalBody(body, undefined, carried);
  const marks = secrets.response;
  const redact = (value: unknown) => {
    const redacted = redactSecrets(value, marks, REDACTED);
    replacedValues(value, redacted, carried);
    return redacted;
  };
  return redactedJson(body, (json) => {
    if (!pathname.startsWith('/api/v1/')) return redact(json);
    if (!json || typeof json !== 'object' || !('data' in json)) return json;
    const { data } = json as { data: unknown };
    // A list's marks describe one item; an array response's own marks start at its items.
    const items = Array.isArray(data) && !marks.some((mark) => mark.path[0] === EACH);
    return { ...json, data: items ? data.map(redact) : redact(data) };
  });
}

function redactedJson(body: string | Uint8Array | null, redact: (json: unknown) => unknown): unknown {
  const text = typeof body === 'string' || body === null ? body : decoder.decode(body);
  if (text === null || text === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  return redact(json);
}

const decoder = new TextDecoder();

function redactByName(value: unknown): unknown {
  if (typeof value === 'string') return maskUrlPassword(value);
  if (Array.isArray(value)) return value.map(redactByName);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      SECRET_FIELD.test(key) && field !== null && field !== undefined ? REDACTED : redactByName(field);
  }
  return out;
}
