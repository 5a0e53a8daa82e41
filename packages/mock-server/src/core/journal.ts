import {
  type EndpointSecrets,
  maskUrlPassword,
  operations,
  type RecordedRequest,
  redactQueryValue,
  redactSecrets,
  secretsLookup,
} from '@nimbus/sdk/contract';
import type { z } from 'zod';
import type { HeaderReader } from './request';
import type { RequestTarget } from './request-target';

export type JournalEntry = z.infer<typeof RecordedRequest>;

/** What `GET /__mock/requests` and the test handles filter on; a path ending in `*` is a prefix. */
export interface JournalFilter {
  method?: string;
  path?: string;
  status?: number;
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
const REDACTED = '[redacted]';
/** Bodies larger than this are journaled as a note of their size: the journal is for assertions. */
const MAX_JOURNALED_BODY = 64 * 1024;
/** The kept bodies together stay under this many bytes (characters of a text body): oldest go first. */
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
}

/**
 * The last `capacity` requests the server answered, for tests that verify what an app sent
 * (WireMock's request journal, nock's recorder), their bodies at most `maxBytes` together.
 * Control routes (`/__mock/*`) are not recorded, so reading the journal does not change it.
 * Recording keeps references only; entries are built, and credentials redacted, when read, so a
 * server nobody asks costs next to nothing per request.
 */
export class RequestJournal {
  readonly #capacity: number;
  readonly #maxBytes: number;
  #records: JournalRecord[] = [];
  /** Records before this index are dropped; the array is compacted once they are half of it. */
  #first = 0;
  /** Length of the kept bodies together. */
  #bytes = 0;

  constructor(capacity: number, maxBytes = MAX_JOURNAL_BYTES) {
    this.#capacity = capacity;
    this.#maxBytes = maxBytes;
  }

  record(record: JournalRecord): void {
    if (this.#capacity <= 0 || !isJournaled(record.target.pathname)) return;
    const size = bodySize(record);
    // A large body is not kept: 1,000 entries of a 1 MB body each would hold a gigabyte.
    const kept = size > MAX_JOURNALED_BODY ? { ...record, body: `[${size} bytes not journaled]` } : record;
    this.#records.push(kept);
    this.#bytes += bodySize(kept);
    while (this.#records.length - this.#first > this.#capacity || this.#bytes > this.#maxBytes) {
      this.#bytes -= bodySize(this.#records[this.#first]!);
      this.#first++;
    }
    // Compacting only when half the array is dropped keeps the work amortised O(1) per request.
    if (this.#first * 2 >= this.#records.length) {
      this.#records = this.#records.slice(this.#first);
      this.#first = 0;
    }
  }

  /** Matching entries, oldest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const method = filter.method?.toUpperCase();
    return this.#records
      .slice(this.#first)
      .filter((record) => matches(record, { ...filter, method }))
      .map(entryOf);
  }

  clear(): void {
    this.#records = [];
    this.#first = 0;
    this.#bytes = 0;
  }
}

function bodySize(record: JournalRecord): number {
  return record.body === null ? 0 : record.body.length;
}

/** The secrets of the endpoint a request called, from the contract's marks; built on first read. */
let secretsOfRequest: ReturnType<typeof secretsLookup> | undefined;

function entryOf(record: JournalRecord): JournalEntry {
  secretsOfRequest ??= secretsLookup(operations());
  const secrets = secretsOfRequest(record.method, record.target.pathname);
  return {
    request_id: record.requestId,
    time: new Date(record.at).toISOString(),
    method: record.method,
    path: record.target.pathname,
    query: journalQuery(record.target.searchParams, secrets),
    headers: journalHeaders(record.headers),
    body: journalBody(record.body, secrets),
    status: record.status,
  };
}

function matches(record: JournalRecord, filter: JournalFilter): boolean {
  if (filter.method && record.method !== filter.method) return false;
  if (filter.status !== undefined && record.status !== filter.status) return false;
  if (!filter.path) return true;
  const path = record.target.pathname;
  return filter.path.endsWith('*') ? path.startsWith(filter.path.slice(0, -1)) : path === filter.path;
}

/** Whether a request belongs in the journal: everything but the control routes. */
function isJournaled(pathname: string): boolean {
  return !pathname.startsWith('/__mock/');
}

/** The request's headers, lower case, with credentials redacted. */
function journalHeaders(headers: HeaderReader): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const key = name.toLowerCase();
    out[key] = SECRET_HEADERS.has(key) ? REDACTED : value;
  });
  return out;
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

/** The body as journaled: parsed JSON with credential fields redacted, other text as is, or null. */
function journalBody(body: string | Uint8Array | null, secrets: EndpointSecrets | undefined): unknown {
  const text = typeof body === 'string' || body === null ? body : decoder.decode(body);
  if (text === null || text === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  return secrets ? redactSecrets(json, secrets.body, REDACTED) : redactByName(json);
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
