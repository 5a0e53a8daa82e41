import type { VerifyReport, VerifyResult } from './types';

/** The report as `-o json` prints it: exactly these keys, in this order. */
export function reportJson(result: VerifyResult): VerifyReport {
  const { target, operations, checks, divergences, skipped } = result;
  return { target, operations, checks, divergences, skipped };
}

/** One line a person reads first: what was checked and what diverged. */
export function summaryLine(result: VerifyResult): string {
  const diverging = new Set(result.divergences.map((d) => d.operation)).size;
  const verdict =
    result.divergences.length === 0
      ? 'no divergence'
      : `${result.divergences.length} divergence${result.divergences.length === 1 ? '' : 's'} in ${diverging} operation${diverging === 1 ? '' : 's'}`;
  return `${result.target}: ${result.operations} operations, ${result.checks} checks, ${verdict}, ${result.skipped.length} skipped`;
}

/**
 * A table by operation (its checks and divergences, then each divergence under it), the skipped
 * operations, and the summary line: plain text, to paste into a ticket.
 */
export function reportTable(result: VerifyResult): string {
  const width = Math.max(9, ...result.tallies.map((t) => t.operation.length));
  const lines = [`${'OPERATION'.padEnd(width)}  CHECKS  DIVERGENCES`];
  for (const tally of result.tallies) {
    lines.push(
      `${tally.operation.padEnd(width)}  ${String(tally.checks).padStart(6)}  ${String(tally.divergences).padStart(11)}`,
    );
    for (const d of result.divergences.filter((d) => d.operation === tally.operation)) {
      const at = d.path ? ` ${d.path}` : '';
      const id = d.request_id ? ` (request ${d.request_id})` : '';
      lines.push(`  ${d.check}${at}: expected ${d.expected}, got ${d.actual}${id}`);
    }
  }
  if (result.skipped.length > 0) {
    lines.push('', 'SKIPPED');
    for (const s of result.skipped) lines.push(`${s.operation.padEnd(width)}  ${s.reason}`);
  }
  lines.push('', summaryLine(result));
  return `${lines.join('\n')}\n`;
}

/** JUnit XML: a test case per operation, a failure per divergence, skipped ones marked so. */
export function reportJunit(result: VerifyResult): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="nimbus verify" tests="${result.tallies.length + result.skipped.length}" failures="${result.tallies.filter((t) => t.divergences > 0).length}">`,
    `  <testsuite name="${xml(result.target)}" tests="${result.tallies.length + result.skipped.length}" failures="${result.tallies.filter((t) => t.divergences > 0).length}" skipped="${result.skipped.length}">`,
  ];
  for (const tally of result.tallies) {
    const found = result.divergences.filter((d) => d.operation === tally.operation);
    if (found.length === 0) {
      out.push(`    <testcase classname="${xml(classOf(tally.operation))}" name="${xml(tally.operation)}"/>`);
      continue;
    }
    out.push(`    <testcase classname="${xml(classOf(tally.operation))}" name="${xml(tally.operation)}">`);
    for (const d of found) {
      const text = `${d.check}${d.path ? ` ${d.path}` : ''}: expected ${d.expected}, got ${d.actual}${d.request_id ? ` (request ${d.request_id})` : ''}`;
      out.push(`      <failure type="${xml(d.check)}" message="${xml(text)}">${xml(text)}</failure>`);
    }
    out.push('    </testcase>');
  }
  for (const s of result.skipped) {
    out.push(`    <testcase classname="${xml(classOf(s.operation))}" name="${xml(s.operation)}">`);
    out.push(`      <skipped message="${xml(s.reason)}"/>`);
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}

/** `v1.instances` of `v1.instances.create`: JUnit viewers group by class. */
function classOf(operation: string): string {
  return operation.slice(0, operation.lastIndexOf('.'));
}

function xml(text: string): string {
  return (
    text
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids them
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}
