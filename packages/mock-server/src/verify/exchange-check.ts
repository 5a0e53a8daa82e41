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

/**
 * The single-exchange check of src/fidelity over one of the run's exchanges: status, envelope,
 * every field against the schema, error code, a page's fields and the promised headers (the
 * content type among them). Its `checks` counts the kinds of check applied (status, envelope,
 * schema, headers, and paging on a list).
 */
export function checkSuccess(id: string, endpoint: Endpoint, exchange: Exchange): ExchangeVerdict {
  return { checks: endpoint.list ? 5 : 4, findings: single(id, endpoint, exchange) };
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
