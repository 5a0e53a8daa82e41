// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { BillingCostRetrieveParams, BillingInvoiceListParams, BillingSubscription, BillingUsageRetrieveParams, CostBreakdown, Invoice, PageParams, Usage } from '../../types';

/** Quantities and cost per meter for a period. */
export class BillingUsage extends APIResource {
  /**
   * Quantities and cost per meter for a period (default: the current month).
   *
   * @example
   * const usage = await client.billing.usage.retrieve({ from: '2026-03-01', to: '2026-03-31' });
   * console.log(usage.total, usage.items.map((i) => `${i.description}: ${i.quantity} ${i.unit}`));
   */
  retrieve(query?: BillingUsageRetrieveParams, options?: RequestOptions): APIPromise<Usage> {
    return this._client.call(v1.billing.usage.retrieve, { query }, options);
  }
}

/** Monthly invoices. */
export class BillingInvoices extends APIResource {
  /** One invoice per calendar month with usage: open for the current month, issued before. */
  list(query?: BillingInvoiceListParams, options?: RequestOptions): PagePromise<Invoice> {
    return this._client.list(v1.billing.invoices.list, { query }, options);
  }
}

/** Cost by service and by resource for a period. */
export class BillingCost extends APIResource {
  /**
   * Cost by service and by resource for a period (period=daily|weekly|monthly, or from/to).
   *
   * @example
   * const { total, by_service } = await client.billing.cost.retrieve({ period: 'weekly' });
   */
  retrieve(query?: BillingCostRetrieveParams, options?: RequestOptions): APIPromise<CostBreakdown> {
    return this._client.call(v1.billing.cost.retrieve, { query }, options);
  }
}

/** The project's billing plan. */
export class BillingSubscriptions extends APIResource {
  /** The project's billing subscription (plan, status, support level). */
  list(query?: PageParams, options?: RequestOptions): PagePromise<BillingSubscription> {
    return this._client.list(v1.billing.subscriptions.list, { query }, options);
  }
}

/** The project's usage, cost, invoices and billing plan. */
export class Billing extends APIResource {
  readonly usage = new BillingUsage(this._client);
  readonly invoices = new BillingInvoices(this._client);
  readonly cost = new BillingCost(this._client);
  readonly subscriptions = new BillingSubscriptions(this._client);
}
