import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type { Budget, BudgetCreateParams, BudgetListParams, BudgetUpdateParams } from '../../generated/types';

/**
 * Budgets of the client's project (`/api/v1/budgets`). When the project's cost in the running
 * period reaches `alert_threshold` percent of `amount`, the platform publishes one
 * `budget.threshold_exceeded` event for that period (Event Grid subscriptions receive it).
 */
export class Budgets extends APIResource {
  /** Budgets with their spend in the current period, oldest first. */
  list(query?: BudgetListParams, options?: RequestOptions): PagePromise<Budget> {
    return this._client.list(v1.budgets.list, { query }, options);
  }

  /**
   * @example
   * await client.budgets.create({ name: 'monthly cap', amount: 5_000_000, alert_threshold: 90 });
   */
  create(body: BudgetCreateParams, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.create, { body }, options);
  }

  retrieve(id: string, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.retrieve, { params: { id } }, options);
  }

  /** Changes the fields given; a new amount, currency, period or threshold re-arms the alert. */
  update(id: string, body: BudgetUpdateParams, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.update, { params: { id }, body }, options);
  }

  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.budgets.delete, { params: { id } }, options);
  }
}
