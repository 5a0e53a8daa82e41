import { pathMatches } from '../pipeline/path-pattern';
import type { JournalEntry, RequestJournal } from './journal';

/**
 * What a test asks of the request journal. Every part given must hold: `method` in any case,
 * `path` a pattern of path-pattern.ts, `query` and `headers` subsets (header names in any case),
 * `body` a deep subset (objects may hold more fields, arrays match item by item; vitest's
 * `expect.any()`-style matchers work inside), `status` the answer's.
 */
export interface RequestMatcher {
  method?: string;
  path?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  status?: number;
}

/** A request that met some parts of a matcher but not all: what `expect` shows when it fails. */
export interface NearMiss {
  entry: JournalEntry;
  /** Parts of the matcher the request meets, of `parts`. */
  met: number;
  parts: number;
  /** Why each part it misses does not hold. */
  misses: string[];
}

/** `requests.expect()` found another number of matching requests than it was told. */
export class RequestVerificationError extends Error {
  override readonly name = 'RequestVerificationError';

  constructor(
    readonly matcher: RequestMatcher,
    readonly expected: number,
    readonly matched: JournalEntry[],
    readonly closest: NearMiss[],
  ) {
    super(verificationMessage(matcher, expected, matched, closest));
  }
}

/**
 * The request journal of a test handle. Called, it lists the requests a matcher meets, oldest
 * first (`requests()` for all); `find` gives the first, `count` how many, and `expect` asserts
 * how many, throwing a `RequestVerificationError` that shows the closest requests otherwise.
 */
export interface JournalRequests {
  (matcher?: RequestMatcher): JournalEntry[];
  find(matcher: RequestMatcher): JournalEntry | undefined;
  count(matcher: RequestMatcher): number;
  /** Asserts exactly `times` (default 1) matching requests; answers them. */
  expect(matcher: RequestMatcher, times?: number): JournalEntry[];
}

/** How many near misses a failed `expect` shows. */
const SHOWN_NEAR_MISSES = 3;

export function journalRequests(journal: RequestJournal): JournalRequests {
  const all = (matcher: RequestMatcher = {}) =>
    journal.list().filter((entry) => misses(matcher, entry).length === 0);
  return Object.assign(all, {
    find: (matcher: RequestMatcher) => all(matcher)[0],
    count: (matcher: RequestMatcher) => all(matcher).length,
    expect(matcher: RequestMatcher, times = 1) {
      const entries = journal.list();
      const matched = entries.filter((entry) => misses(matcher, entry).length === 0);
      if (matched.length === times) return matched;
      throw new RequestVerificationError(matcher, times, matched, nearMisses(matcher, entries));
    },
  });
}

/**
 * The requests that meet most parts of the matcher without meeting all, best first. A missed
 * body, query or headers part counts for the share of its fields that match, so the request that
 * got one field wrong ranks above the one that got them all wrong; newest first on a tie.
 */
export function nearMisses(matcher: RequestMatcher, entries: readonly JournalEntry[]): NearMiss[] {
  const parts = partsOf(matcher).length;
  return entries
    .map((entry) => {
      const found = misses(matcher, entry);
      return {
        miss: { entry, met: parts - found.length, parts, misses: found },
        score: closeness(matcher, entry),
      };
    })
    .filter(({ miss }) => miss.misses.length > 0)
    .reverse()
    .sort((a, b) => b.score - a.score)
    .slice(0, SHOWN_NEAR_MISSES)
    .map(({ miss }) => miss);
}

function closeness(matcher: RequestMatcher, entry: JournalEntry): number {
  let score = 0;
  if (matcher.method !== undefined && matcher.method.toUpperCase() === entry.method) score++;
  if (matcher.path !== undefined && pathMatches(matcher.path, entry.path)) score++;
  if (matcher.status !== undefined && matcher.status === entry.status) score++;
  if (matcher.query !== undefined) score += share(matcher.query, entry.query);
  if (matcher.headers !== undefined) score += share(lowerCaseNames(matcher.headers), entry.headers);
  if (matcher.body !== undefined) score += share(matcher.body, entry.body);
  return score;
}

/** The share (0 to 1) of the fields of `expected` that `actual` holds. */
function share(expected: unknown, actual: unknown): number {
  const [met, total] = fieldsMet(expected, actual);
  return total === 0 ? 1 : met / total;
}

function fieldsMet(expected: unknown, actual: unknown): [number, number] {
  const children: [unknown, unknown][] = Array.isArray(expected)
    ? expected.map((item, i) => [item, Array.isArray(actual) ? actual[i] : undefined])
    : isPlainObject(expected) && !isAsymmetric(expected)
      ? Object.entries(expected).map(([key, value]) => [
          value,
          isPlainObject(actual) ? actual[key] : undefined,
        ])
      : [];
  if (children.length === 0) return [subsetMiss(expected, actual, '') === undefined ? 1 : 0, 1];
  let met = 0;
  let total = 0;
  for (const [want, have] of children) {
    const [m, t] = fieldsMet(want, have);
    met += m;
    total += t;
  }
  return [met, total];
}

function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

type Part = keyof RequestMatcher;

function partsOf(matcher: RequestMatcher): Part[] {
  return (Object.keys(matcher) as Part[]).filter((part) => matcher[part] !== undefined);
}

/** Why each part of the matcher the entry misses does not hold; empty when it matches. */
function misses(matcher: RequestMatcher, entry: JournalEntry): string[] {
  const out: string[] = [];
  if (matcher.method !== undefined && matcher.method.toUpperCase() !== entry.method)
    out.push(`method is ${entry.method}, expected ${matcher.method.toUpperCase()}`);
  if (matcher.path !== undefined && !pathMatches(matcher.path, entry.path))
    out.push(`path is ${entry.path}, expected ${matcher.path}`);
  if (matcher.status !== undefined && matcher.status !== entry.status)
    out.push(`status is ${entry.status}, expected ${matcher.status}`);
  if (matcher.query !== undefined) {
    const miss = subsetMiss(matcher.query, entry.query, 'query');
    if (miss) out.push(miss);
  }
  if (matcher.headers !== undefined) {
    const miss = subsetMiss(lowerCaseNames(matcher.headers), entry.headers, 'headers');
    if (miss) out.push(miss);
  }
  if (matcher.body !== undefined) {
    const miss = subsetMiss(matcher.body, entry.body, 'body');
    if (miss) out.push(miss);
  }
  return out;
}

interface AsymmetricMatcher {
  asymmetricMatch(actual: unknown): boolean;
}

function isAsymmetric(value: unknown): value is AsymmetricMatcher {
  return typeof (value as AsymmetricMatcher | null)?.asymmetricMatch === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where `actual` first differs from `expected` read as a deep subset, or undefined when it does not. */
function subsetMiss(expected: unknown, actual: unknown, at: string): string | undefined {
  if (isAsymmetric(expected))
    return expected.asymmetricMatch(actual)
      ? undefined
      : `${at} is ${show(actual)}, expected ${String(expected)}`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${at} is ${show(actual)}, expected an array`;
    if (actual.length !== expected.length)
      return `${at} has ${actual.length} items, expected ${expected.length}`;
    for (const [i, item] of expected.entries()) {
      const miss = subsetMiss(item, actual[i], `${at}.${i}`);
      if (miss) return miss;
    }
    return undefined;
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return `${at} is ${show(actual)}, expected an object`;
    for (const [key, value] of Object.entries(expected)) {
      if (!(key in actual)) return `${at}.${key} is missing, expected ${show(value)}`;
      const miss = subsetMiss(value, actual[key], `${at}.${key}`);
      if (miss) return miss;
    }
    return undefined;
  }
  return Object.is(expected, actual) ? undefined : `${at} is ${show(actual)}, expected ${show(expected)}`;
}

function show(value: unknown): string {
  if (isAsymmetric(value)) return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function describeMatcher(matcher: RequestMatcher): string {
  const parts = partsOf(matcher).map((part) =>
    part === 'method'
      ? String(matcher.method).toUpperCase()
      : part === 'path'
        ? matcher.path!
        : `${part} ${show(matcher[part])}`,
  );
  return parts.length > 0 ? parts.join(' ') : 'any request';
}

function line(entry: JournalEntry): string {
  return `${entry.method} ${entry.path} -> ${entry.status} (request ${entry.request_id})`;
}

function verificationMessage(
  matcher: RequestMatcher,
  expected: number,
  matched: readonly JournalEntry[],
  closest: readonly NearMiss[],
): string {
  const lines = [
    `Expected ${expected} request${expected === 1 ? '' : 's'} matching ${describeMatcher(matcher)}, found ${matched.length}.`,
  ];
  if (matched.length > 0) lines.push('Matching:', ...matched.map((entry) => `  ${line(entry)}`));
  if (closest.length > 0) {
    lines.push('Closest requests (parts of the matcher met):');
    for (const miss of closest)
      lines.push(
        `  ${line(miss.entry)}: ${miss.met} of ${miss.parts}`,
        ...miss.misses.map((why) => `    - ${why}`),
      );
  } else if (matched.length === 0) {
    lines.push('No other request was journaled.');
  }
  return lines.join('\n');
}
