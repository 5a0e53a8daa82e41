import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  BillingCostRetrieveParams,
  BillingInvoiceListParams,
  BillingSubscription,
  BillingUsageRetrieveParams,
  CostBreakdown,
  Invoice,
  PageParams,
  Usage,
} from '../../generated/types';

/** Usage of the client's project (`/api/v1/billing/usage`). */
export class BillingUsage extends APIResource {
  /**
   * Quantity and cost per meter (instance hours per flavor, GB-months, ...) in a period,
   * measured up to now. Default: the current month.
   *
   * @example
   * const usage = await client.billing.usage.retrieve({ from: '2026-03-01', to: '2026-03-31' });
   * console.log(usage.total, usage.items.map((i) => `${i.description}: ${i.quantity} ${i.unit}`));
   */
  retrieve(query?: BillingUsageRetrieveParams, options?: RequestOptions): APIPromise<Usage> {
    return this._client.call(v1.billing.usage.retrieve, { query }, options);
  }
}

/** Invoices of the client's project (`/api/v1/billing/invoices`). */
export class BillingInvoices extends APIResource {
  /** Invoices, one per month with usage, oldest first: the running month's is `open`. */
  list(query?: BillingInvoiceListParams, options?: RequestOptions): PagePromise<Invoice> {
    return this._client.list(v1.billing.invoices.list, { query }, options);
  }
}

/** Cost of the client's project (`/api/v1/billing/cost`). */
export class BillingCost extends APIResource {
  /**
   * Cost by service and by resource, for `period` (the running day, week or month) or
   * `from`/`to`.
   *
   * @example
   * const { total, by_service } = await client.billing.cost.retrieve({ period: 'weekly' });
   */
  retrieve(query?: BillingCostRetrieveParams, options?: RequestOptions): APIPromise<CostBreakdown> {
    return this._client.call(v1.billing.cost.retrieve, { query }, options);
  }
}

/** The billing plan of the client's project (`/api/v1/subscriptions`). */
export class BillingSubscriptions extends APIResource {
  /** The project's billing plan: plan name, status, support level. */
  list(query?: PageParams, options?: RequestOptions): PagePromise<BillingSubscription> {
    return this._client.list(v1.billing.subscriptions.list, { query }, options);
  }
}

/**
 * Usage, cost, invoices and plan of the client's project (`/api/v1/billing/*`, `/api/v1/subscriptions`).
 * Budgets are `client.budgets` (`POST /api/v1/billing/budgets` creates the same budget as
 * `POST /api/v1/budgets`; the client uses the latter).
 */
export class Billing extends APIResource {
  readonly usage = new BillingUsage(this._client);
  readonly invoices = new BillingInvoices(this._client);
  readonly cost = new BillingCost(this._client);
  readonly subscriptions = new BillingSubscriptions(this._client);
}
