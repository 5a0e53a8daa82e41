import type { LogField } from '@nimbus/sdk/contract';
import { LOG_FIELDS } from '@nimbus/sdk/contract/v1/logs';

/** A syntax error at a 1-based character position of the query. */
export class LogQuerySyntaxError extends Error {
  override readonly name = 'LogQuerySyntaxError';

  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position}`);
  }
}

export type Comparator = '=' | '>' | '>=' | '<' | '<=';

/** A `field:value` clause, or a bare value (field null) that searches the message. */
export interface TermToken {
  kind: 'term';
  field: LogField | null;
  comparator: Comparator;
  value: string;
  /** Where the term and its value start (0-based). */
  pos: number;
  valuePos: number;
}

export type Token = { kind: '(' | ')' | 'AND' | 'OR' | 'NOT'; pos: number } | TermToken;

const KEYWORDS = new Set(['AND', 'OR', 'NOT']);
const WORD_END = /[\s()"]/;
const COMPARATORS: readonly Comparator[] = ['>=', '<=', '>', '<'];

/** Reads a double-quoted string at `start`; `\"` and `\\` escape. */
function readQuoted(q: string, start: number): { value: string; end: number } {
  let value = '';
  for (let i = start + 1; i < q.length; i++) {
    const c = q[i]!;
    if (c === '\\' && i + 1 < q.length) value += q[++i];
    else if (c === '"') return { value, end: i + 1 };
    else value += c;
  }
  throw new LogQuerySyntaxError('unterminated quoted string', start + 1);
}

function isField(name: string): name is LogField {
  return (LOG_FIELDS as readonly string[]).includes(name);
}

/** Splits a query into parentheses, AND/OR/NOT and terms. */
export function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c, pos: i++ });
    } else if (c === '"') {
      const { value, end } = readQuoted(q, i);
      tokens.push({ kind: 'term', field: null, comparator: '=', value, pos: i, valuePos: i });
      i = end;
    } else {
      const start = i;
      while (i < q.length && !WORD_END.test(q[i]!)) i++;
      const word = q.slice(start, i);
      if (KEYWORDS.has(word)) {
        tokens.push({ kind: word as 'AND' | 'OR' | 'NOT', pos: start });
        continue;
      }
      const colon = word.indexOf(':');
      if (colon === -1) {
        tokens.push({ kind: 'term', field: null, comparator: '=', value: word, pos: start, valuePos: start });
        continue;
      }
      const field = word.slice(0, colon);
      if (!isField(field)) {
        throw new LogQuerySyntaxError(
          field === ''
            ? 'expected a field name before ":"'
            : `unknown field "${field}" (fields: ${LOG_FIELDS.join(', ')})`,
          start + 1,
        );
      }
      let rest = word.slice(colon + 1);
      const comparator = COMPARATORS.find((op) => rest.startsWith(op)) ?? '=';
      if (comparator !== '=') rest = rest.slice(comparator.length);
      const valuePos = start + colon + 1 + (comparator === '=' ? 0 : comparator.length);
      let value = rest;
      if (rest === '') {
        if (q[i] !== '"') throw new LogQuerySyntaxError(`expected a value after "${word}"`, valuePos + 1);
        const quoted = readQuoted(q, i);
        value = quoted.value;
        i = quoted.end;
      } else if (q[i] === '"') {
        throw new LogQuerySyntaxError('unexpected quote inside a value', i + 1);
      }
      tokens.push({ kind: 'term', field, comparator, value, pos: start, valuePos });
    }
  }
  return tokens;
}
