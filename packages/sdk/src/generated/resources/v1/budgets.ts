// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { Budget, BudgetCreateParams, BudgetListParams, BudgetUpdateParams } from '../../types';

/** Spending budgets with alert thresholds. */
export class Budgets extends APIResource {
  /** List budgets with their spend in the current period. */
  list(query?: BudgetListParams, options?: RequestOptions): PagePromise<Budget> {
    return this._client.list(v1.budgets.list, { query }, options);
  }

  /**
   * Create a budget; crossing alert_threshold publishes budget.threshold_exceeded once per period.
   *
   * @example
   * await client.budgets.create({ name: 'monthly cap', amount: 5_000_000, alert_threshold: 90 });
   */
  create(body: BudgetCreateParams, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.create, { body }, options);
  }

  /** Get a budget. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.retrieve, { params: { id } }, options);
  }

  /** Change a budget. */
  update(id: string, body: BudgetUpdateParams, options?: RequestOptions): APIPromise<Budget> {
    return this._client.call(v1.budgets.update, { params: { id }, body }, options);
  }

  /** Delete a budget. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.call(v1.budgets.delete, { params: { id } }, options);
  }
}
