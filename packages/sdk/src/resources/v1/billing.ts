import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { BillingInvoicesParams, CostParams, PageParams, PeriodParams } from '../../generated/types';

/**
 * Usage, cost, invoices and plan of the client's project (`/api/v1/billing/*`, `/api/v1/subscriptions`).
 * Budgets are `client.budgets`.
 */
export class Billing extends APIResource {
  /**
   * Quantity and cost per meter (instance hours per flavor, GB-months, ...) in a period,
   * measured up to now. Default: the current month.
   *
   * @example
   * const usage = await client.billing.usage({ from: '2026-03-01', to: '2026-03-31' });
   * console.log(usage.total, usage.items.map((i) => `${i.description}: ${i.quantity} ${i.unit}`));
   */
  usage(query?: PeriodParams, options?: RequestOptions) {
    return this._client.call(v1.billing.usage, { query }, options);
  }

  /** Invoices, one per month with usage, oldest first: the running month's is `open`. */
  invoices(query?: BillingInvoicesParams, options?: RequestOptions) {
    return this._client.list(v1.billing.invoices, { query }, options);
  }

  /**
   * Cost by service and by resource, for `period` (the running day, week or month) or
   * `from`/`to`.
   *
   * @example
   * const { total, by_service } = await client.billing.cost({ period: 'weekly' });
   */
  cost(query?: CostParams, options?: RequestOptions) {
    return this._client.call(v1.billing.cost, { query }, options);
  }

  /** The project's billing plan: plan name, status, support level. */
  subscriptions(query?: PageParams, options?: RequestOptions) {
    return this._client.list(v1.billing.subscriptions, { query }, options);
  }
}

/** Quotas of the client's project (`/api/v1/quotas`). */
export class Quotas extends APIResource {
  /** Limit, use and what is left, per resource. */
  list(query?: PageParams, options?: RequestOptions) {
    return this._client.list(v1.quotas.list, { query }, options);
  }
}
