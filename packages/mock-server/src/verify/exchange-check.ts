import type { Endpoint } from '@nimbus/sdk/contract';
import { checkExchange } from '../fidelity';
import type { Exchange } from './http';

/** One thing an exchange got wrong; the operation and request id are added by the ledger. */
export interface Finding {
  check: string;
  path: string;
  expected: string;
  actual: string;
}

/** What checking one exchange came to: how many checks ran, and those that failed. */
export interface ExchangeVerdict {
  checks: number;
  findings: Finding[];
}

/** The content types the contract's answers that are not JSON come in, by path template. */
const MEDIA_TYPES: Record<string, string> = {
  '/v2/metrics': 'text/plain',
  '/v2/hls/{cam}/{date}/{hour}/index.m3u8': 'application/vnd.apple.mpegurl',
  '/v2/hls/{cam}/{date}/{hour}/{segment}': 'video/mp2t',
  '/v2/hls/{cam}/{date}/{hour}/snapshots/{file}': 'image/jpeg',
};

/**
 * The single-exchange check of src/fidelity over one of the run's exchanges: status, envelope,
 * every field against the schema, error code, a page's fields and the promised headers. Its
 * `checks` counts the kinds of check applied (status, envelope, schema, headers, and paging on a
 * list), and the content type of an answer that is not JSON.
 */
export function checkSuccess(id: string, endpoint: Endpoint, exchange: Exchange): ExchangeVerdict {
  const findings: Finding[] = single(id, endpoint, exchange);
  let checks = endpoint.list ? 5 : 4;
  const media = MEDIA_TYPES[endpoint.path];
  if (media && exchange.status === endpoint.status) {
    checks++;
    const type = (exchange.headers.get('content-type') ?? 'absent').split(';')[0]!.trim();
    if (type !== media)
      findings.push({ check: 'header', path: 'content-type', expected: media, actual: type });
  }
  return { checks, findings };
}

/**
 * An answer to an invalid request: the one status and error code the contract names for it,
 * and the rest of the single-exchange check (envelope, headers) as for any answer.
 */
export function checkError(
  id: string,
  endpoint: Endpoint,
  exchange: Exchange,
  status: number,
  code: string,
): ExchangeVerdict {
  const findings = single(id, endpoint, exchange).filter(
    (finding) => finding.check !== 'status' && finding.check !== 'error-code',
  );
  if (exchange.status !== status)
    findings.unshift({
      check: 'status',
      path: '$',
      expected: String(status),
      actual: String(exchange.status),
    });
  const actual = (exchange.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  if (exchange.status === status && actual !== code)
    findings.push({
      check: 'error-code',
      path: '$.error.code',
      expected: code,
      actual: String(actual ?? 'absent'),
    });
  return { checks: 4, findings };
}

/** Names the invalid input each finding of a verdict is about, after its path: `$.error.code (unknown id)`. */
export function withCase(verdict: ExchangeVerdict, label: string): ExchangeVerdict {
  for (const finding of verdict.findings) finding.path = `${finding.path} (${label})`;
  return verdict;
}

function single(id: string, endpoint: Endpoint, exchange: Exchange): Finding[] {
  return checkExchange({
    operation: { id, endpoint },
    request: { method: exchange.method, ...exchange.request },
    response: {
      status: exchange.status,
      headers: exchange.headers,
      body: exchange.text === '' ? null : exchange.text,
    },
  }).map(({ check, path, expected, actual }) => ({ check, path, expected, actual }));
}
