import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Timestamp, TRIMMED_PATTERN } from '../common';
import { endpoint } from '../define';
import { CostBreakdown, CostPeriod } from './billing';

export const ReportStatus = z.enum(['pending', 'generating', 'completed', 'failed']);

export const Report = ProjectRecord.extend({
  name: z.string(),
  period: CostPeriod,
  status: ReportStatus,
  period_start: Timestamp.describe('Start of the calendar period the report covers'),
  period_end: Timestamp.describe('End of that period (exclusive)'),
  breakdown: CostBreakdown.nullable().describe(
    'Set on completion: the same answer as GET /billing/cost for breakdown.from and breakdown.to',
  ),
  completed_at: Timestamp.nullable(),
  failure_reason: z.string().nullable(),
});

export const ReportCreateBody = z.object({
  name: z.string().trim().min(1).max(100).meta({ pattern: TRIMMED_PATTERN }).describe('Report name'),
  period: CostPeriod,
});

export const ReportListQuery = listQuery({
  status: ReportStatus.optional().describe('Only reports in this state'),
  period: CostPeriod.optional().describe('Only reports of this period'),
});

const base = { family: 'cost', auth: 'bearer', project: true } as const;

export const reports = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/reports',
    summary: 'List cost reports',
    query: ReportListQuery,
    response: Report,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/reports',
    summary: 'Start a cost report (pending -> generating -> completed)',
    example: `
      const report = await client.reports.create({ name: 'March', period: 'monthly' });
      const done = await client.reports.waitFor(report.id, 'completed');
      console.log(done.breakdown?.total);
    `,
    body: ReportCreateBody,
    response: Report,
    status: 201,
  }),
  retrieve: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/reports/{id}',
    summary: 'Get a cost report',
    description: 'Not in the API document; added so a caller can follow one report to completion.',
    params: IdParams,
    response: Report,
    status: 200,
  }),
};

export type Report = z.infer<typeof Report>;
export type ReportStatus = z.infer<typeof ReportStatus>;
