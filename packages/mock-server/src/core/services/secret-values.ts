import type { Logger } from './logger';

export const REDACTED = '[redacted]';

/**
 * Credentials the server recognises by their form wherever they travel: a JWT (access and
 * workload tokens) and the opaque tokens and keys it issues (`nrt_`, `nk_`, `nk_sub_`, `whsec_`
 * and 43 base64url characters). Built once: redaction builds no expression per request.
 */
const TOKEN_SHAPE = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}|\b(?:nrt|nk_sub|nk|whsec)_[\w-]{43,}(?![\w-])/g;

/**
 * Shorter values are replaced only where they were marked (name or contract), not wherever they
 * appear: a 4-character password would otherwise blank out every word that contains it.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * Replaces known secret values, and anything shaped like a token the server issues, in every
 * string of a value. The values are those the server holds (the control token) and those a
 * request carried where a secret belongs (a bearer token, a marked field), so a secret sent again
 * under another name (`X-Control-Token`, a query parameter, a body field) is redacted too.
 */
export class SecretScrubber {
  readonly #values: string[];

  constructor(values: Iterable<string | undefined>) {
    const kept = new Set<string>();
    for (const value of values) if (value && value.length >= MIN_SECRET_LENGTH) kept.add(value);
    // Longest first: a value that contains another is replaced whole.
    this.#values = [...kept].sort((a, b) => b.length - a.length);
  }

  text(text: string): string {
    let out = text;
    for (const value of this.#values) if (out.includes(value)) out = out.replaceAll(value, REDACTED);
    TOKEN_SHAPE.lastIndex = 0;
    return TOKEN_SHAPE.test(out) ? out.replace(TOKEN_SHAPE, REDACTED) : out;
  }

  /** Every string of a JSON-like value (object keys included), as a copy; other objects as they are. */
  deep(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.deep(item));
    if (!value || typeof value !== 'object' || !isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) out[this.text(key)] = this.deep(field);
    return out;
  }
}

/**
 * The strings of `original` that `redacted` replaced by `REDACTED`, walking both together: the
 * values a request carried in its marked fields, to find again elsewhere.
 */
export function replacedValues(original: unknown, redacted: unknown, into: string[]): void {
  if (redacted === REDACTED) {
    if (typeof original === 'string') into.push(original);
    else if (original && typeof original === 'object') collectStrings(original, into);
    return;
  }
  if (!original || typeof original !== 'object' || !redacted || typeof redacted !== 'object') return;
  for (const [key, field] of Object.entries(original)) {
    replacedValues(field, (redacted as Record<string, unknown>)[key], into);
  }
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object')
    for (const field of Object.values(value)) collectStrings(field, into);
}

/** A logger whose messages and fields never carry the control token or a token-shaped value. */
export function redactingLogger(logger: Logger, controlToken: string | undefined): Logger {
  const scrubber = new SecretScrubber([controlToken]);
  const clean = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) =>
    logger[level](scrubber.text(message), fields && (scrubber.deep(fields) as Record<string, unknown>));
  return { info: clean('info'), warn: clean('warn'), error: clean('error') };
}
