import type { Report } from '@nimbus/sdk/contract';
import { reports as reportsEndpoints } from '@nimbus/sdk/contract/v1/reports';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { createInProject, findInProject } from '../../core/pipeline/resources';
import type { Runtime } from '../../core/services/runtime';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import { chargesIn, costBreakdown } from './billing/charges';
import { periodAt } from './billing/periods';

export type ReportRow = Report & StoredRecord;

export const reports = defineTable<ReportRow>('cost_reports');

const TYPE = 'cost.report';

/**
 * Fills a report that just reached `completed` with the cost of its period up to that
 * moment: the same computation as GET /billing/cost, so the two agree for the same window.
 */
function complete(runtime: Runtime, report: ReportRow, at: number): void {
  const table = runtime.store.table(reports);
  try {
    const from = Date.parse(report.period_start);
    const to = Math.min(Date.parse(report.period_end), at);
    const breakdown = costBreakdown(runtime, chargesIn(runtime, report.project_id, from, to), from, to);
    table.update(report.id, { breakdown, completed_at: runtime.clock.iso(at) }, runtime.clock.iso(at));
  } catch (error) {
    table.update(report.id, { status: 'failed', failure_reason: String(error) }, runtime.clock.iso(at));
  }
}

export const reportsFamily: FamilyModule = {
  setup(runtime) {
    runtime.lifecycle.register(reports);
    runtime.lifecycle.on(reports.name, ({ record, to, at }) => {
      const report = record as ReportRow;
      if (to === 'completed') complete(runtime, report, at);
      // After completing, so the event carries the breakdown (or says the report failed).
      runtime.publish({
        type: `${TYPE}.${report.status}`,
        subject: `/projects/${report.project_id}/${TYPE}/${report.id}`,
        project_id: report.project_id,
        data: { ...report },
      });
    });
  },

  handlers: defineHandlers(reportsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(reports).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { status: ctx.query.status, period: ctx.query.period }));
    },

    create(ctx) {
      const period = periodAt(ctx.body.period, ctx.runtime.clock.now());
      const record = createInProject(
        ctx,
        reports,
        {
          name: ctx.body.name,
          period: ctx.body.period,
          status: 'pending',
          period_start: ctx.runtime.clock.iso(period.start),
          period_end: ctx.runtime.clock.iso(period.end),
          breakdown: null,
          completed_at: null,
          failure_reason: null,
        },
        { type: TYPE, quota: false },
      );
      ctx.runtime.lifecycle.plan(reports, record, ['generating', 'completed']);
      return record;
    },

    retrieve: (ctx) => findInProject(ctx, reports, ctx.params.id, 'Report'),
  }),
};
