import type { RecordedRequest } from '@nimbus/sdk/contract';
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
/** Body and query fields that carry credentials (password, new_password, refresh_token, totp_code, ...). */
const SECRET_FIELD = /password|secret|token|api_?key|totp|credential|private_key/i;
/** The password of a URL with credentials (`rtsp://admin:pass@host`), masked as the camera API masks it. */
const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:)[^@\s/]*@/i;
const REDACTED = '[redacted]';
/** Bodies larger than this are journaled as a note of their size: the journal is for assertions. */
const MAX_JOURNALED_BODY = 64 * 1024;

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
 * (WireMock's request journal, nock's recorder). Control routes (`/__mock/*`) are not recorded,
 * so reading the journal does not change it. Recording keeps references only; entries are built,
 * and credentials redacted, when read, so a server nobody asks costs next to nothing per request.
 */
export class RequestJournal {
  readonly #capacity: number;
  #records: JournalRecord[] = [];

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  record(record: JournalRecord): void {
    if (this.#capacity <= 0 || !isJournaled(record.target.pathname)) return;
    const size = record.body === null ? 0 : record.body.length;
    // A large body is not kept: 1,000 entries of a 1 MB body each would hold a gigabyte.
    this.#records.push(
      size > MAX_JOURNALED_BODY ? { ...record, body: `[${size} bytes not journaled]` } : record,
    );
    // Dropping from the front a batch at a time keeps the array work amortised O(1) per request.
    if (this.#records.length > this.#capacity * 1.25) this.#records = this.#records.slice(-this.#capacity);
  }

  /** Matching entries, oldest first, at most `capacity` of them. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const method = filter.method?.toUpperCase();
    return this.#records
      .slice(-this.#capacity)
      .filter((record) => matches(record, { ...filter, method }))
      .map(entryOf);
  }

  clear(): void {
    this.#records = [];
  }
}

function entryOf(record: JournalRecord): JournalEntry {
  return {
    request_id: record.requestId,
    time: new Date(record.at).toISOString(),
    method: record.method,
    path: record.target.pathname,
    query: journalQuery(record.target.searchParams),
    headers: journalHeaders(record.headers),
    body: journalBody(record.body),
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

/** The query as an object, with credential parameters (`?token=`) redacted. */
function journalQuery(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of query) {
    out[key] = SECRET_FIELD.test(key) ? REDACTED : value.replace(URL_PASSWORD, '$1***@');
  }
  return out;
}

/** The body as journaled: parsed JSON with credential fields redacted, other text as is, or null. */
function journalBody(body: string | Uint8Array | null): unknown {
  const text = typeof body === 'string' || body === null ? body : decoder.decode(body);
  if (text === null || text === '') return null;
  try {
    return redact(JSON.parse(text));
  } catch {
    return text;
  }
}

const decoder = new TextDecoder();

function redact(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(URL_PASSWORD, '$1***@');
  if (Array.isArray(value)) return value.map(redact);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = SECRET_FIELD.test(key) && field !== null && field !== undefined ? REDACTED : redact(field);
  }
  return out;
}
