import * as z from 'zod';
import { atLeastOneField, IdParams, listQuery, ProjectRecord, Timestamp, TRIMMED_PATTERN } from '../common';
import { endpoint } from '../define';

/** Currencies a budget may be kept in; costs are in VND and converted at fixed rates. */
export const Currency = z.enum(['VND', 'USD', 'EUR', 'JPY', 'SGD']).describe('ISO 4217 currency code');

export const BudgetPeriod = z
  .enum(['monthly', 'quarterly', 'yearly'])
  .describe('Calendar period the amount applies to (UTC)');

const BudgetName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .meta({ pattern: TRIMMED_PATTERN })
  .describe('Budget name');
const Amount = z.number().positive().max(1e15).describe('Spending limit per period, in the budget currency');
const AlertThreshold = z
  .number()
  .min(1)
  .max(100)
  .describe('Percent of the amount at which a budget.threshold_exceeded event is published, 1..100');

export const Budget = ProjectRecord.extend({
  name: z.string(),
  amount: z.number(),
  currency: Currency,
  period: BudgetPeriod,
  alert_threshold: z.number(),
  current_period: z.string().describe('The period now running, e.g. 2026-03, 2026-Q1, 2026'),
  current_spend: z.number().describe('Cost of the project in the current period, in the budget currency'),
  spend_percent: z.number().describe('current_spend as a percent of amount'),
  alerted_period: z.string().nullable().describe('The last period an alert was published for'),
  last_alert_at: Timestamp.nullable(),
});

export const BudgetCreateBody = z.object({
  name: BudgetName,
  amount: Amount,
  currency: Currency.default('VND'),
  period: BudgetPeriod.default('monthly'),
  alert_threshold: AlertThreshold.default(80),
});

/** PUT changes the fields it names; changing the limit re-arms the alert of the current period. */
export const BudgetUpdateBody = atLeastOneField(
  z.object({
    name: BudgetName.optional(),
    amount: Amount.optional(),
    currency: Currency.optional(),
    period: BudgetPeriod.optional(),
    alert_threshold: AlertThreshold.optional(),
  }),
  'name at least one field to change',
);

export const BudgetListQuery = listQuery({
  period: BudgetPeriod.optional().describe('Only budgets of this period'),
  currency: Currency.optional().describe('Only budgets in this currency'),
});

const base = { family: 'cost', auth: 'bearer', project: true } as const;

export const budgets = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/budgets',
    summary: 'List budgets with their spend in the current period',
    query: BudgetListQuery,
    response: Budget,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/budgets',
    summary: 'Create a budget; crossing alert_threshold publishes budget.threshold_exceeded once per period',
    example: `await client.budgets.create({ name: 'monthly cap', amount: 5_000_000, alert_threshold: 90 });`,
    body: BudgetCreateBody,
    response: Budget,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/budgets/{id}',
    summary: 'Get a budget',
    params: IdParams,
    response: Budget,
    status: 200,
  }),
  update: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/v1/budgets/{id}',
    summary: 'Change a budget',
    params: IdParams,
    body: BudgetUpdateBody,
    response: Budget,
    status: 200,
  }),
  delete: endpoint({
    ...base,
    method: 'DELETE',
    path: '/api/v1/budgets/{id}',
    summary: 'Delete a budget',
    params: IdParams,
    response: z.void(),
    status: 204,
  }),
};

export type Budget = z.infer<typeof Budget>;
export type Currency = z.infer<typeof Currency>;
export type BudgetPeriod = z.infer<typeof BudgetPeriod>;
