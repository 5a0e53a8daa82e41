import type { HeaderReader } from '../pipeline/request';

/**
 * The texts of a journaled request as one run of UTF-8 bytes in the journal's ring: its id,
 * method and URL, its headers, the answer's headers, and the head and tail of an answer joined
 * from records' texts. Kept as strings and header objects, these were most of what the young
 * generation's collector copied at every scavenge until the thousandth request after them
 * (bench/README.md, run X); as bytes outside the heap, the collector never sees them.
 *
 * The texts are separated by NUL, which none of them holds: Node's parser and Fetch's `Headers`
 * refuse it in a header and a URL, a request id is `[\w.:-]` or a UUID, and JSON escapes it.
 * A header name is never empty, so an empty name ends the request's headers.
 */
export interface TapeTexts {
  requestId: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The answer's head and tail when it was joined from records' texts; empty otherwise. */
  head: string;
  tail: string;
}

const SEPARATOR = '\u0000';

/** The tape's text, which kept-records.ts encodes into its ring. */
export function tapeText(
  texts: Omit<TapeTexts, 'requestHeaders'> & { requestHeaders: HeaderReader },
): string {
  let tape = `${texts.requestId}\0${texts.method}\0${texts.url}\0${texts.head}\0${texts.tail}`;
  const add = (value: string, name: string) => {
    tape += `\0${name}\0${value}`;
  };
  const { raw } = texts.requestHeaders;
  // Node's pairs, names in the case they came in (lowered when read), added one by one: V8's
  // `join` makes a two-byte string of one-byte texts when one of them is a thin string (a value
  // also used as a key, as a project id is), and the tape was then twice its size to encode.
  if (raw) for (const text of raw) tape += `\0${text}`;
  else texts.requestHeaders.forEach(add);
  tape += '\0';
  for (const name in texts.responseHeaders) add(texts.responseHeaders[name]!, name);
  return tape;
}

const decoder = new TextDecoder();

export function readTape(tape: Uint8Array): TapeTexts {
  const fields = decoder.decode(tape).split(SEPARATOR);
  const [requestId = '', method = '', url = '', head = '', tail = ''] = fields;
  const requestHeaders: Record<string, string> = {};
  const responseHeaders: Record<string, string> = {};
  let headers = requestHeaders;
  for (let index = 5; index < fields.length; index += 2) {
    const name = fields[index]!;
    if (name === '') {
      headers = responseHeaders;
      index--;
      continue;
    }
    headers[name.toLowerCase()] = fields[index + 1] ?? '';
  }
  return { requestId, method, url, requestHeaders, responseHeaders, head, tail };
}

/** The request id alone, for a cursor's search: the tape's first text. */
export function requestIdOfTape(tape: Uint8Array): string {
  const end = tape.indexOf(0);
  return decoder.decode(end < 0 ? tape : tape.subarray(0, end));
}
