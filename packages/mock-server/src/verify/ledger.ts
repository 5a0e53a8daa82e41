import type { ExchangeVerdict, Finding } from './exchange-check';
import type { Divergence, OperationTally, Skipped } from './types';

/**
 * What the run found, by operation: checks counted, divergences with the request id of their
 * exchange, operations skipped with their reason. Every value the run holds as a secret
 * (passwords, tokens, keys) is masked in whatever it keeps.
 */
export class Ledger {
  readonly #tallies = new Map<string, OperationTally>();
  readonly divergences: Divergence[] = [];
  readonly #skipped = new Map<string, string>();
  readonly #secrets = new Set<string>();

  constructor(readonly selected: (operation: string) => boolean) {}

  /** A value never to show: it is replaced by `***` wherever it would appear. */
  secret(value: string | undefined): void {
    if (value && value.length >= 6) this.#secrets.add(value);
  }

  record(operation: string, verdict: ExchangeVerdict, requestId: string | null): void {
    if (!this.selected(operation)) return;
    this.#skipped.delete(operation);
    const tally = this.#tallies.get(operation) ?? { operation, checks: 0, divergences: 0 };
    tally.checks += verdict.checks;
    tally.divergences += verdict.findings.length;
    this.#tallies.set(operation, tally);
    for (const finding of verdict.findings) this.#diverge(operation, finding, requestId);
  }

  /** Whether the operation was checked at least once. */
  checked(operation: string): boolean {
    return this.#tallies.has(operation);
  }

  skip(operation: string, reason: string): void {
    // The first reason is the one that explains: later ones follow from it.
    if (!this.selected(operation) || this.#tallies.has(operation) || this.#skipped.has(operation)) return;
    this.#skipped.set(operation, this.mask(reason));
  }

  #diverge(operation: string, finding: Finding, requestId: string | null): void {
    this.divergences.push({
      operation,
      check: finding.check as Divergence['check'],
      path: this.mask(finding.path),
      expected: this.mask(finding.expected),
      actual: this.mask(finding.actual),
      request_id: requestId,
    });
  }

  mask(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.replaceAll(secret, '***');
    // A JWT the run did not hold (one an answer leaked) is masked too.
    return out.replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '***');
  }

  tallies(): OperationTally[] {
    return [...this.#tallies.values()].sort((a, b) => (a.operation < b.operation ? -1 : 1));
  }

  skipped(): Skipped[] {
    return [...this.#skipped.entries()]
      .map(([operation, reason]) => ({ operation, reason }))
      .sort((a, b) => (a.operation < b.operation ? -1 : 1));
  }
}
