import type { LogEntry } from '@nimbus/sdk/contract';
import { LogQuerySyntaxError, type TermToken, type Token, tokenize } from './query-lexer';

export type LogPredicate = (entry: LogEntry) => boolean;

const ENUMS: Partial<Record<string, readonly string[]>> = {
  source: ['activity', 'function'],
  level: ['debug', 'info', 'warn', 'error'],
};

/** `*` matches any run of characters; everything else literally, case-insensitively. */
function glob(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'is');
}

function fail(message: string, pos: number): never {
  throw new LogQuerySyntaxError(message, pos + 1);
}

/** Checks a term's value against its field and turns it into a test of one entry. */
function compileTerm(term: TermToken): LogPredicate {
  const { field, comparator, value, valuePos } = term;
  if (value === '') fail('empty value', valuePos);
  if (field === null || field === 'message') {
    // The message is searched, not matched whole.
    const pattern = glob(`*${value}*`);
    return (entry) => pattern.test(entry.message);
  }
  if (comparator !== '=') {
    if (field === 'status') {
      if (!/^\d+$/.test(value)) fail(`status ${comparator} needs a whole number`, valuePos);
      const n = Number(value);
      return (entry) => entry.status !== null && compare(entry.status, n, comparator);
    }
    if (field === 'timestamp') {
      const at = Date.parse(value);
      if (Number.isNaN(at)) fail('timestamp needs an ISO-8601 time', valuePos);
      const iso = new Date(at).toISOString();
      return (entry) => compare(entry.timestamp, iso, comparator);
    }
    fail(`"${field}" does not support ${comparator} (only status and timestamp do)`, term.pos);
  }
  const allowed = ENUMS[field];
  if (allowed && !value.includes('*') && !allowed.includes(value.toLowerCase())) {
    fail(`${field} is one of ${allowed.join(', ')}`, valuePos);
  }
  if (field === 'status' && !/^[\d*]+$/.test(value))
    fail('status needs a number (or a pattern such as 5*)', valuePos);
  const pattern = glob(value);
  return (entry) => {
    const actual = entry[field];
    return actual !== null && pattern.test(String(actual));
  };
}

function compare<T extends number | string>(actual: T, wanted: T, comparator: string): boolean {
  switch (comparator) {
    case '>':
      return actual > wanted;
    case '>=':
      return actual >= wanted;
    case '<':
      return actual < wanted;
    default:
      return actual <= wanted;
  }
}

/**
 * Compiles a log query (grammar in the contract's v1/logs.ts) into a predicate; an empty query
 * matches everything. Recursive descent:
 *   or    := and ("OR" and)*
 *   and   := unary (["AND"] unary)*
 *   unary := "NOT" unary | "(" or ")" | term
 *
 * @throws LogQuerySyntaxError with the 1-based position of the problem.
 */
export function compileLogQuery(q: string): LogPredicate {
  const tokens = tokenize(q);
  let next = 0;
  const end = q.length;
  const peek = (): Token | undefined => tokens[next];
  const describe = (t: Token) => (t.kind === 'term' ? 'term' : `"${t.kind}"`);

  const unary = (after?: Token): LogPredicate => {
    const token = peek();
    if (!token) fail(after ? `expected a term after "${after.kind}"` : 'expected a term', end);
    next++;
    if (token.kind === 'term') return compileTerm(token);
    if (token.kind === 'NOT') {
      const operand = unary(token);
      return (entry) => !operand(entry);
    }
    if (token.kind === '(') {
      const inner = or();
      if (peek()?.kind !== ')') fail('missing ")" for this "("', token.pos);
      next++;
      return inner;
    }
    return fail(`unexpected ${describe(token)}`, token.pos);
  };

  const and = (): LogPredicate => {
    let left = unary();
    for (;;) {
      const token = peek();
      if (!token || token.kind === 'OR' || token.kind === ')') return left;
      if (token.kind === 'AND') next++;
      const right = unary(token.kind === 'AND' ? token : undefined);
      const l = left;
      left = (entry) => l(entry) && right(entry);
    }
  };

  const or = (): LogPredicate => {
    let left = and();
    while (peek()?.kind === 'OR') {
      const operator = peek()!;
      next++;
      if (!peek()) fail(`expected a term after "${operator.kind}"`, end);
      const right = and();
      const l = left;
      left = (entry) => l(entry) || right(entry);
    }
    return left;
  };

  if (tokens.length === 0) return () => true;
  const predicate = or();
  const extra = peek();
  if (extra) fail(`unexpected ${describe(extra)}`, extra.pos);
  return predicate;
}
