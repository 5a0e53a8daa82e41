import type { Invoice } from '@nimbus/sdk/contract';
import type { Runtime } from '../../../core/services/runtime';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';
import { functionInvocations } from '../functions/runs';
import { chargesIn, invoiceLines } from './charges';
import { accruals, syncLedger } from './ledger';
import { periodAt } from './periods';
import { money, PAYMENT_TERMS_DAYS, VAT_RATE } from './prices';

export interface InvoiceRow extends Invoice, StoredRecord {
  project_id: string;
  /** `YYYY-MM` of the billed month. */
  month: string;
}

export const invoices = defineTable<InvoiceRow>('invoices', {
  unique: { month: (row) => `${row.project_id}:${row.month}` },
});

const DAY_MS = 86_400_000;

/** When the project first used anything billable, or undefined when it never did. */
function firstUsage(runtime: Runtime, projectId: string): number | undefined {
  let first = Number.POSITIVE_INFINITY;
  for (const row of runtime.store.table(accruals).list(projectId))
    first = Math.min(first, Date.parse(row.started_at));
  // Invocations are listed in created_at order: the first is the earliest.
  const run = runtime.store.table(functionInvocations).list(projectId)[0];
  if (run) first = Math.min(first, Date.parse(run.created_at));
  return Number.isFinite(first) ? first : undefined;
}

/**
 * Brings the project's invoices up to date and answers them, oldest first: one per calendar
 * month with usage. The running month's invoice is open and follows usage; a past month's is
 * issued once, at the end of that month, and never changes afterwards.
 */
export function refreshInvoices(runtime: Runtime, projectId: string): readonly InvoiceRow[] {
  const now = runtime.clock.now();
  const table = runtime.store.table(invoices);
  syncLedger(runtime, projectId);
  const first = firstUsage(runtime, projectId);
  if (first !== undefined) {
    for (let month = periodAt('monthly', first); month.start <= now; month = periodAt('monthly', month.end)) {
      const existing = table.byKey('month', `${projectId}:${month.key}`);
      if (existing?.status === 'issued') continue;
      const lines = invoiceLines(chargesIn(runtime, projectId, month.start, month.end)).filter(
        (l) => l.quantity > 0,
      );
      if (lines.length === 0) continue;
      const issued = month.end <= now;
      const subtotal = money(lines.reduce((sum, line) => sum + line.amount, 0));
      const tax = money(subtotal * VAT_RATE);
      const fields = {
        status: issued ? ('issued' as const) : ('open' as const),
        lines,
        subtotal,
        tax_rate: VAT_RATE,
        tax,
        total: money(subtotal + tax),
        issued_at: issued ? runtime.clock.iso(month.end) : null,
        due_at: issued ? runtime.clock.iso(month.end + PAYMENT_TERMS_DAYS * DAY_MS) : null,
      };
      if (existing) {
        table.update(existing.id, fields, runtime.clock.iso());
      } else {
        const id = crypto.randomUUID();
        // Created "at" the start of the month it bills, so the list is in month order.
        const start = runtime.clock.iso(month.start);
        table.insert({
          ...fields,
          id,
          project_id: projectId,
          created_at: start,
          updated_at: runtime.clock.iso(),
          month: month.key,
          number: `INV-${month.key.replace('-', '')}-${id.slice(0, 8).toUpperCase()}`,
          period_start: start,
          period_end: runtime.clock.iso(month.end),
          currency: 'VND',
        });
      }
    }
  }
  return table.list(projectId);
}
