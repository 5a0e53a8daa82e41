import type { BillingSubscription } from '@nimbus/sdk/contract';
import { billing as billingEndpoints } from '@nimbus/sdk/contract/v1/billing';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { projects } from '../../../core/services/tables';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';
import { createBudget } from '../budgets';
import { chargesIn, costBreakdown, measuredEnd, totalOf, usageItems } from './charges';
import { refreshInvoices } from './invoices';
import { queryWindow } from './periods';
import { PAYMENT_TERMS_DAYS } from './prices';

/** The project's billing plan: one per project, made on first read. */
type BillingSubscriptionRow = BillingSubscription & StoredRecord;

const billingSubscriptions = defineTable<BillingSubscriptionRow>('billing_subscriptions');

function subscriptionOf(ctx: Context): BillingSubscriptionRow {
  const table = ctx.runtime.store.table(billingSubscriptions);
  const existing = table.list(ctx.projectId)[0];
  if (existing) return existing;
  const now = ctx.now();
  return table.insert({
    id: crypto.randomUUID(),
    created_at: now,
    updated_at: now,
    project_id: ctx.projectId,
    plan: 'pay-as-you-go',
    status: 'active',
    // The plan runs from the day the project was made.
    started_at: ctx.runtime.store.table(projects).get(ctx.projectId)?.created_at ?? now,
    support_level: 'basic',
    billing_cycle: 'monthly',
    currency: 'VND',
    payment_terms_days: PAYMENT_TERMS_DAYS,
  });
}

export const billingFamily: FamilyModule = {
  handlers: defineHandlers(billingEndpoints, {
    usage: {
      retrieve(ctx) {
        const { from, to } = queryWindow(ctx.query, ctx.runtime.clock.now());
        const charges = chargesIn(ctx.runtime, ctx.projectId, from, to);
        return {
          project_id: ctx.projectId,
          from: ctx.runtime.clock.iso(from),
          to: ctx.runtime.clock.iso(measuredEnd(ctx.runtime, from, to)),
          currency: 'VND' as const,
          items: usageItems(charges),
          total: totalOf(charges),
        };
      },
    },

    invoices: {
      list(ctx) {
        const rows = refreshInvoices(ctx.runtime, ctx.projectId);
        return paginate(ctx, filterRows(rows, { status: ctx.query.status }));
      },
    },

    cost: {
      retrieve(ctx) {
        const { from, to } = queryWindow(ctx.query, ctx.runtime.clock.now());
        const charges = chargesIn(ctx.runtime, ctx.projectId, from, to);
        return costBreakdown(ctx.runtime, charges, from, measuredEnd(ctx.runtime, from, to));
      },
    },

    budgets: {
      create: (ctx) => createBudget(ctx, ctx.body),
    },

    subscriptions: {
      list: (ctx) => paginate(ctx, [subscriptionOf(ctx)]),
    },
  }),
};
