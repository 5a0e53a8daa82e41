import type { Budget } from '@nimbus/sdk/contract';
import { budgets as budgetsEndpoints } from '@nimbus/sdk/contract/v1/budgets';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { admit, createInProject, emit, findInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { Runtime } from '../../core/services/runtime';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import { chargesIn, totalOf } from './billing/charges';
import { HOUR_MS, periodAt } from './billing/periods';
import { money, VND_PER_UNIT } from './billing/prices';

/** The period, spend and percent are not stored: each answer computes them. */
export type BudgetRow = Omit<Budget, 'current_period' | 'current_spend' | 'spend_percent'> & StoredRecord;

export const budgets = defineTable<BudgetRow>('budgets');
quotaResources.add(budgets.name);

const TYPE = 'cost.budget';

/** Spend of the budget's project in the period containing `at`, in the budget's currency. */
export function spendOf(runtime: Runtime, budget: BudgetRow, at: number) {
  const period = periodAt(budget.period, at);
  const costVnd = totalOf(chargesIn(runtime, budget.project_id, period.start, at));
  const spend = money(costVnd / VND_PER_UNIT[budget.currency]);
  // Capped: against a tiny amount (5e-324) the ratio overflows to Infinity, which JSON cannot carry.
  return { period, spend, percent: Math.min(money((spend / budget.amount) * 100), Number.MAX_VALUE) };
}

/** The public view: the stored budget plus its spend now. */
export function budgetView(runtime: Runtime, budget: BudgetRow): Budget {
  const { period, spend, percent } = spendOf(runtime, budget, runtime.clock.now());
  return { ...budget, current_period: period.key, current_spend: spend, spend_percent: percent };
}

/**
 * Publishes `budget.threshold_exceeded` once per budget and period when the spend reached
 * `alert_threshold` percent of the amount by `at` (docs/decisions/0005-event-grid-delivery.md), recording the period.
 */
export function evaluateBudget(runtime: Runtime, budget: BudgetRow, at: number): void {
  const { period, spend, percent } = spendOf(runtime, budget, at);
  if (budget.alerted_period === period.key || percent < budget.alert_threshold) return;
  const when = runtime.clock.iso(at);
  runtime.store
    .table(budgets)
    .update(budget.id, { alerted_period: period.key, last_alert_at: when }, runtime.clock.iso());
  runtime.publish({
    type: 'budget.threshold_exceeded',
    subject: `/projects/${budget.project_id}/${TYPE}/${budget.id}`,
    project_id: budget.project_id,
    time: when,
    data: {
      budget_id: budget.id,
      name: budget.name,
      amount: budget.amount,
      currency: budget.currency,
      period: budget.period,
      period_key: period.key,
      alert_threshold: budget.alert_threshold,
      current_spend: spend,
      spend_percent: percent,
    },
  });
}

/** Checks every budget of a project (or of every project) that has not alerted this period. */
export function evaluateBudgets(runtime: Runtime, at: number, projectId?: string): void {
  for (const budget of runtime.store.table(budgets).list(projectId)) {
    if (budget.alerted_period !== periodAt(budget.period, at).key) evaluateBudget(runtime, budget, at);
  }
}

/** Creation, shared by POST /budgets and POST /billing/budgets. */
export function createBudget(
  ctx: Context,
  body: Pick<BudgetRow, 'name' | 'amount' | 'currency' | 'period' | 'alert_threshold'>,
) {
  const record = createInProject(
    ctx,
    budgets,
    { ...body, alerted_period: null, last_alert_at: null },
    { type: TYPE },
  );
  evaluateBudget(ctx.runtime, record, ctx.runtime.clock.now());
  return budgetView(ctx.runtime, record);
}

export const budgetsFamily: FamilyModule = {
  setup(runtime) {
    // Spend grows with the clock: check every simulated hour (a clock advance runs each
    // hour it passes, in order), and after every platform event that may change cost.
    const tick = (at: number) => {
      evaluateBudgets(runtime, at);
      runtime.clock.schedule(at + HOUR_MS, tick);
    };
    const arm = () => runtime.clock.schedule((Math.floor(runtime.clock.now() / HOUR_MS) + 1) * HOUR_MS, tick);
    arm();
    // A reset or import empties the clock's queue: start the hourly check again.
    runtime.store.onReplaced(arm);
    runtime.events.subscribe((event) => {
      if (event.type.startsWith('budget.') || event.type.startsWith(`${TYPE}.`)) return;
      try {
        evaluateBudgets(runtime, runtime.clock.now(), event.project_id);
      } catch (error) {
        // The event belongs to another family's request: a budget check must not fail it.
        runtime.config.logger.error('budget check failed', { error: String(error) });
      }
    });
  },

  handlers: defineHandlers(budgetsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(budgets).list(ctx.projectId);
      const page = paginate(
        ctx,
        filterRows(rows, { period: ctx.query.period, currency: ctx.query.currency }),
      );
      return { ...page, items: page.items.map((row) => budgetView(ctx.runtime, row)) };
    },

    create: (ctx) => createBudget(ctx, ctx.body),

    retrieve: (ctx) => budgetView(ctx.runtime, findInProject(ctx, budgets, ctx.params.id, 'Budget')),

    update(ctx) {
      const budget = findInProject(ctx, budgets, ctx.params.id, 'Budget');
      const changes = Object.fromEntries(Object.entries(ctx.body).filter(([, v]) => v !== undefined));
      admit(ctx, TYPE, { ...budget, ...changes });
      // A new limit is a new promise: the alert of the running period may fire again.
      const limitChanged = ['amount', 'currency', 'period', 'alert_threshold'].some((key) => key in changes);
      const updated = ctx.runtime.store
        .table(budgets)
        .update(budget.id, { ...changes, ...(limitChanged ? { alerted_period: null } : {}) }, ctx.now());
      emit(ctx, TYPE, 'updated', updated);
      evaluateBudget(ctx.runtime, updated, ctx.runtime.clock.now());
      return budgetView(ctx.runtime, updated);
    },

    delete(ctx) {
      const budget = findInProject(ctx, budgets, ctx.params.id, 'Budget');
      ctx.runtime.store.table(budgets).delete(budget.id);
      emit(ctx, TYPE, 'deleted', budget);
    },
  }),
};
