import * as z from 'zod';
import { listQuery, PageQuery, ProjectRecord, Timestamp } from '../common';
import { endpoint } from '../define';
import { Budget, BudgetCreateBody } from './budgets';

/** A period bound: a date (`2026-03-01`, midnight UTC) or an ISO-8601 date-time. */
const PeriodBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO-8601 date (2026-03-01) or date-time (2026-03-01T00:00:00Z)',
});

export const BillingUsageRetrieveQuery = z.object({
  from: PeriodBound.optional().describe(
    'Start of the period (inclusive); default: start of the current month',
  ),
  to: PeriodBound.optional().describe(
    'End of the period: a date-time is exclusive, a date includes that whole day; default: end of the current month',
  ),
});

export const CostPeriod = z
  .enum(['daily', 'weekly', 'monthly'])
  .describe('The current UTC day, ISO week (from Monday) or calendar month');

export const BillingCostRetrieveQuery = BillingUsageRetrieveQuery.extend({
  period: CostPeriod.optional().describe('A calendar period instead of from/to'),
});

export const Service = z.enum(['compute', 'storage', 'serverless', 'cache']);

/** Usage of one meter (e.g. hours of small instances) in the period. */
export const UsageItem = z.object({
  service: Service,
  resource_type: z.string().describe('instance, bucket, function or cache_instance'),
  meter: z.string().describe('Price table entry, e.g. compute.instance.small'),
  description: z.string(),
  unit: z.string().describe('hour, GB-month, GB-second, GB-hour or invocation'),
  unit_price: z.number().describe('VND per unit'),
  quantity: z.number(),
  cost: z.number().describe('VND, before tax'),
});

export const Usage = z.object({
  project_id: z.string(),
  from: Timestamp,
  to: Timestamp.describe('End of the measured window: the requested end, or now if that is earlier'),
  currency: z.literal('VND'),
  items: z.array(UsageItem),
  total: z.number().describe('VND, before tax'),
});

export const ServiceCost = z.object({ service: Service, cost: z.number() });

export const ResourceCost = z.object({
  service: Service,
  resource_type: z.string(),
  resource_id: z.string(),
  resource_name: z.string(),
  cost: z.number(),
});

/** What `/billing/cost` answers and what a completed cost report holds. */
export const CostBreakdown = z.object({
  from: Timestamp,
  to: Timestamp.describe('End of the measured window: the requested end, or now if that is earlier'),
  currency: z.literal('VND'),
  total: z.number().describe('VND, before tax'),
  by_service: z.array(ServiceCost),
  by_resource: z.array(ResourceCost),
});

export const InvoiceStatus = z
  .enum(['open', 'issued'])
  .describe('open: the month is running; issued: closed');

export const InvoiceLine = z.object({
  service: Service,
  meter: z.string(),
  description: z.string(),
  unit: z.string(),
  unit_price: z.number(),
  quantity: z.number(),
  amount: z.number().describe('VND'),
});

export const Invoice = ProjectRecord.extend({
  number: z.string().describe('Invoice number, e.g. INV-202603-1A2B3C4D'),
  period_start: Timestamp,
  period_end: Timestamp,
  status: InvoiceStatus,
  currency: z.literal('VND'),
  lines: z.array(InvoiceLine),
  subtotal: z.number(),
  tax_rate: z.number().describe('VAT rate, 0.1'),
  tax: z.number(),
  total: z.number(),
  issued_at: Timestamp.nullable(),
  due_at: Timestamp.nullable().describe('Payment due date: 30 days after issue'),
});

export const BillingSubscription = ProjectRecord.extend({
  plan: z.enum(['free', 'pay-as-you-go', 'business', 'enterprise']),
  status: z.enum(['active', 'suspended', 'cancelled']),
  started_at: Timestamp,
  support_level: z.enum(['basic', 'standard', 'premium']),
  billing_cycle: z.literal('monthly'),
  currency: z.literal('VND'),
  payment_terms_days: z.number().int().nonnegative(),
});

const base = { family: 'billing', auth: 'bearer', project: true } as const;

export const billing = {
  usage: {
    retrieve: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/billing/usage',
      summary: 'Quantities and cost per meter for a period (default: the current month)',
      example: `
        const usage = await client.billing.usage.retrieve({ from: '2026-03-01', to: '2026-03-31' });
        console.log(usage.total, usage.items.map((i) => \`\${i.description}: \${i.quantity} \${i.unit}\`));
      `,
      query: BillingUsageRetrieveQuery,
      response: Usage,
      status: 200,
    }),
  },
  invoices: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/billing/invoices',
      summary: 'One invoice per calendar month with usage: open for the current month, issued before',
      query: listQuery({ status: InvoiceStatus.optional().describe('Only open or only issued invoices') }),
      response: Invoice,
      list: true,
      status: 200,
    }),
  },
  cost: {
    retrieve: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/billing/cost',
      summary: 'Cost by service and by resource for a period (period=daily|weekly|monthly, or from/to)',
      example: `const { total, by_service } = await client.billing.cost.retrieve({ period: 'weekly' });`,
      query: BillingCostRetrieveQuery,
      response: CostBreakdown,
      status: 200,
    }),
  },
  budgets: {
    create: endpoint({
      ...base,
      method: 'POST',
      path: '/api/v1/billing/budgets',
      summary: 'Create a budget (the same budgets as /api/v1/budgets)',
      body: BudgetCreateBody,
      response: Budget,
      status: 201,
      sameAs: 'v1.budgets.create',
    }),
  },
  subscriptions: {
    list: endpoint({
      ...base,
      method: 'GET',
      path: '/api/v1/subscriptions',
      summary: "The project's billing subscription (plan, status, support level)",
      query: PageQuery,
      response: BillingSubscription,
      list: true,
      status: 200,
    }),
  },
};

export type Usage = z.infer<typeof Usage>;
export type UsageItem = z.infer<typeof UsageItem>;
export type CostBreakdown = z.infer<typeof CostBreakdown>;
export type Invoice = z.infer<typeof Invoice>;
export type InvoiceLine = z.infer<typeof InvoiceLine>;
export type BillingSubscription = z.infer<typeof BillingSubscription>;
export type Service = z.infer<typeof Service>;
